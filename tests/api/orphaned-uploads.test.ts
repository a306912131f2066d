import fs from 'node:fs'
import path from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeExpired, TRASH_KEEP_MS } from '#db/queries/trash.server'
import { IMAGE_COLUMNS } from '#db/queries/uploads.server'
import * as schema from '#db/schema'
import { ORPHAN_GRACE_MS, sweepOrphanedUploads } from '#server/uploads/orphans.server'
import { isVariant, stemOf } from '#server/uploads/variants.server'
import { addAccount, call, signIn, uploadPicture, validEvent, validInfo, validMember } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

/** docs/decisions/032-unused-upload-cleanup.md: uploaded files no row uses any more are removed; never one in use, never one under 24 hours old. */

let app: TestApp
let uploadsDir: string
let chapterToken: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  uploadsDir = path.join(app.ctx.env.dataDir, 'uploads')
  await addAccount(app.db, { name: 'Sweep Chapter', email: 'sweep@example.org' })
  chapterToken = (await signIn(app, 'sweep@example.org')).token
})
afterAll(() => app.close())

const nameOf = (url: string) => url.slice('/uploads/'.length)
/** The uploads in the folder, without their resized copies. */
const present = () =>
  fs
    .readdirSync(uploadsDir)
    .filter((name) => !isVariant(name))
    .sort()
/** The resized copies of these uploads (docs/decisions/038-resized-image-copies.md) that are in the folder now. */
const copiesOf = (...names: string[]) =>
  fs
    .readdirSync(uploadsDir)
    .filter((file) => names.some((name) => isVariant(file)?.stem === stemOf(name)))
    .sort()
/**
 * Makes a file look as if it had been uploaded `hours` ago on the clock the test runs under. Every file the
 * test makes is stamped so: the file system writes the machine's real time, which a shifted clock
 * (faketime) leaves days behind.
 */
function age(name: string, hours: number) {
  const when = new Date(Date.now() - hours * 3_600_000)
  fs.utimesSync(path.join(uploadsDir, name), when, when)
}

describe('orphaned uploads', () => {
  it('removes only files that no row uses and that are older than 24 hours, and old temporary files', async () => {
    let seed = 1
    const upload = async () => nameOf(await uploadPicture(app, chapterToken, seed++))
    const [banner, logo, portrait, orphan, fresh, newPortrait] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ]
    const event = await call(app, 'POST', '/api/events', {
      token: chapterToken,
      json: validEvent({ banner: `/uploads/${banner}` }),
    })
    expect(event.status).toBe(201)
    const info = await call(app, 'POST', '/api/chapters', {
      token: chapterToken,
      json: validInfo({ logo: `/uploads/${logo}` }),
    })
    expect(info.status).toBe(201)
    const member = await call(app, 'POST', '/api/excom', {
      token: chapterToken,
      json: validMember({ image: `/uploads/${portrait}` }),
    })
    expect(member.status).toBe(201)
    fs.writeFileSync(path.join(uploadsDir, '.tmp-0badc0ffee'), 'half an upload')
    fs.writeFileSync(path.join(uploadsDir, '.tmp-1inprogress'), 'an upload being written')
    for (const name of [banner, logo, portrait, orphan, newPortrait, '.tmp-0badc0ffee']) age(name, 30)
    age(fresh, 23)
    age('.tmp-1inprogress', 0)

    // Every upload has its resized copies; they go and stay with it.
    for (const name of [banner, logo, portrait, orphan, fresh, newPortrait]) {
      expect(copiesOf(name).length, `copies of ${name}`).toBeGreaterThan(0)
    }
    const orphanCopies = copiesOf(orphan)
    const dryRun = sweepOrphanedUploads(app.db, uploadsDir, { dryRun: true })
    expect(dryRun.removed.sort()).toEqual(
      ['.tmp-0badc0ffee', orphan, newPortrait, ...copiesOf(orphan, newPortrait)].sort(),
    )
    expect(present()).toContain(orphan)
    expect(copiesOf(orphan)).toEqual(orphanCopies)

    // Before the sweep, the member starts using the old, unused file: the sweep must see that.
    const swapped = await call(app, 'PUT', `/api/excom/${member.body.member._id}`, {
      token: chapterToken,
      json: validMember({ image: `/uploads/${newPortrait}` }),
    })
    expect(swapped.status).toBe(200)
    const portraitCopies = copiesOf(portrait)
    const sweep = sweepOrphanedUploads(app.db, uploadsDir)
    // The old portrait is no longer used and was uploaded 30 hours ago: it goes; the new one is in use.
    expect(sweep.removed.sort()).toEqual(
      ['.tmp-0badc0ffee', orphan, portrait, ...orphanCopies, ...portraitCopies].sort(),
    )
    expect(sweep.young.sort()).toEqual(['.tmp-1inprogress', fresh].sort())
    expect(sweep.used).toBe(3)
    expect(present()).toEqual(['.tmp-1inprogress', banner, fresh, logo, newPortrait].sort())
    expect(copiesOf(orphan, portrait)).toEqual([])
    for (const name of [banner, fresh, logo, newPortrait]) expect(copiesOf(name).length).toBeGreaterThan(0)

    // A copy whose upload is gone is judged by its own age.
    const stray = `${'f'.repeat(32)}-400w.webp`
    fs.writeFileSync(path.join(uploadsDir, stray), 'a copy without its upload')
    age(stray, 0)
    expect(sweepOrphanedUploads(app.db, uploadsDir, { dryRun: true }).young).toContain(stray)
    age(stray, 30)
    expect(sweepOrphanedUploads(app.db, uploadsDir).removed).toEqual([stray])

    // Deleting the event frees its banner; a file used twice stays while one use remains.
    const second = await call(app, 'POST', '/api/events', {
      token: chapterToken,
      json: validEvent({ banner: `/uploads/${logo}` }),
    })
    expect(second.status).toBe(201)
    expect(
      (await call(app, 'DELETE', `/api/events/${event.body.event._id}`, { token: chapterToken })).status,
    ).toBe(200)
    // The deleted event is in the trash, which keeps its banner; once purged the banner is an orphan.
    expect(sweepOrphanedUploads(app.db, uploadsDir).removed).toEqual([])
    purgeExpired(app.db, new Date(Date.now() + TRASH_KEEP_MS + 60_000))
    const bannerCopies = copiesOf(banner)
    expect(sweepOrphanedUploads(app.db, uploadsDir).removed.sort()).toEqual([banner, ...bannerCopies].sort())
    expect(present()).toContain(logo)
    expect(copiesOf(logo).length).toBeGreaterThan(0)
    expect((await app.request(`/uploads/${logo}`)).status).toBe(200)
  })

  it('keeps the pictures the site’s texts name, and those an earlier revision of any kind names', async () => {
    await addAccount(app.db, { role: 'admin', name: 'Sweep Admin', email: 'sweep-admin@example.org' })
    const admin = (await signIn(app, 'sweep-admin@example.org')).token
    const [aboutPicture, oldBanner, newBanner, unused] = [
      nameOf(await uploadPicture(app, admin, 40)),
      nameOf(await uploadPicture(app, admin, 41)),
      nameOf(await uploadPicture(app, admin, 42)),
      nameOf(await uploadPicture(app, admin, 43)),
    ]
    for (const name of [aboutPicture, oldBanner, newBanner, unused]) age(name, 30)
    const texts = (await call(app, 'GET', '/api/site')).body.site
    const saved = await call(app, 'PUT', '/api/site', {
      token: admin,
      json: {
        ...texts,
        about: {
          ...texts.about,
          image: {
            ...texts.about.image,
            image: { ...texts.about.image.image, src: `/uploads/${aboutPicture}` },
          },
        },
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // A post whose banner was replaced: the old one is only in its first revision.
    const post = await call(app, 'POST', '/api/posts', {
      token: admin,
      json: {
        title: 'Sweep post',
        summary: 'S.',
        body: 'B.',
        status: 'draft',
        banner: `/uploads/${oldBanner}`,
      },
    })
    expect(post.status, JSON.stringify(post.body)).toBe(201)
    const replaced = await call(app, 'PUT', `/api/posts/${post.body.post._id}`, {
      token: admin,
      json: { banner: `/uploads/${newBanner}` },
    })
    expect(replaced.status).toBe(200)
    const removed = sweepOrphanedUploads(app.db, uploadsDir).removed
    expect(removed).toContain(unused)
    for (const kept of [aboutPicture, oldBanner, newBanner]) expect(removed, kept).not.toContain(kept)
    await call(app, 'PUT', '/api/site', { token: admin, json: texts })
  })

  it('a sweep at a time 24 hours on takes what was young before', async () => {
    const name = nameOf(await uploadPicture(app, chapterToken, 999))
    age(name, 0)
    expect(sweepOrphanedUploads(app.db, uploadsDir).removed).not.toContain(name)
    const later = sweepOrphanedUploads(app.db, uploadsDir, { now: Date.now() + ORPHAN_GRACE_MS + 60_000 })
    expect(later.removed).toContain(name)
  })

  it('knows every image column of the schema', () => {
    const listed = new Set<unknown>(IMAGE_COLUMNS.map(({ column }) => column))
    const imageLike = /banner|logo|image|photo|picture|avatar|icon|cover/i
    const found: string[] = []
    for (const table of Object.values(schema)) {
      if (typeof table !== 'object' || table === null || !('getSQL' in table)) continue
      for (const column of Object.values(getTableColumns(table as typeof schema.events))) {
        if (!imageLike.test(column.name)) continue
        found.push(column.name)
        expect(listed.has(column), `${column.name} names images`).toBe(true)
      }
    }
    expect(found.sort()).toEqual(['banner', 'banner', 'image', 'logo', 'logo'])
  })
})
