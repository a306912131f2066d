import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { firstRunChapters } from '#content/chapters'
import { demoContent } from '#content/demo'
import { openDataDirDatabase } from '#db/client.server'
import { createSiteClock } from '#db/clock'
import { findPersonByEmail } from '#db/queries/people.server'
import { listPublicChapters } from '#db/queries/public-chapters.server'
import { chapterInfo, chapters, contactMessages, events, excomMembers, users } from '#db/schema'
import { verifyPassword } from '#server/auth/password.server'
import type { AppContext } from '#server/context.server'
import { parseEnv } from '#server/env.server'
import {
  createFirstRunChapters,
  DEFAULT_ADMIN_EMAIL,
  ensureAdministrator,
  passwordsFileIn,
  seedDemoContent,
} from '#server/first-run.server'
import { createLogger } from '#server/logger.server'
import { freshDataDir } from '../support/server-process'

const contexts: AppContext[] = []
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.db.$client.close()
})

function context(vars: Record<string, string> = {}, dataDir = freshDataDir()): AppContext {
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...vars })
  const ctx = {
    env,
    db: openDataDirDatabase(env.dataDir),
    logger: createLogger('silent'),
    clock: createSiteClock(env.TIME_ZONE),
  }
  contexts.push(ctx)
  return ctx
}

const counts = (ctx: AppContext) => ({
  people: ctx.db.select().from(users).all().length,
  chapters: ctx.db.select().from(chapters).all().length,
  events: ctx.db.select().from(events).all().length,
  info: ctx.db.select().from(chapterInfo).all().length,
  members: ctx.db.select().from(excomMembers).all().length,
  messages: ctx.db.select().from(contactMessages).all().length,
})

describe('first run', () => {
  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    const ctx = context({ ADMIN_EMAIL: 'chair@example.org', ADMIN_PASSWORD: 'a long enough password' })
    expect(await ensureAdministrator(ctx)).toEqual({ email: 'chair@example.org', generatedPassword: null })
    const admin = findPersonByEmail(ctx.db, 'chair@example.org')
    expect(admin?.role).toBe('admin')
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(admin?.passwordHash ?? '', 'a long enough password')).toBe(true)
    expect(await ensureAdministrator(ctx)).toBeNull()
    expect(counts(ctx).people).toBe(1)
  })

  it('generates a password when none is configured and hands it back to be printed', async () => {
    const ctx = context()
    const created = await ensureAdministrator(ctx)
    expect(created?.email).toBe(DEFAULT_ADMIN_EMAIL)
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/)
    const admin = findPersonByEmail(ctx.db, DEFAULT_ADMIN_EMAIL)
    expect(await verifyPassword(admin?.passwordHash ?? '', created?.generatedPassword ?? '')).toBe(true)
  })

  it('with a password file, writes the generated password there (mode 0600) instead of handing it back', async () => {
    const dataDir = freshDataDir()
    const ctx = context({}, dataDir)
    const file = passwordsFileIn(dataDir)
    // A file left by an earlier installation, readable by anyone, is replaced.
    fs.writeFileSync(file, 'old\n', { mode: 0o644 })
    const created = await ensureAdministrator(ctx, { passwordFile: file })
    expect(created).toEqual({ email: DEFAULT_ADMIN_EMAIL, generatedPassword: null, passwordFile: file })
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const written = fs.readFileSync(file, 'utf8')
    expect(written).not.toContain('old')
    const password = new RegExp(`Administrator: ${DEFAULT_ADMIN_EMAIL} {2}([A-Za-z0-9]{20})`).exec(
      written,
    )?.[1]
    const admin = findPersonByEmail(ctx.db, DEFAULT_ADMIN_EMAIL)
    expect(await verifyPassword(admin?.passwordHash ?? '', password ?? '')).toBe(true)
  })

  it('no file is written for a password the operator set', async () => {
    const dataDir = freshDataDir()
    const ctx = context({ ADMIN_PASSWORD: 'a long enough password' }, dataDir)
    const file = passwordsFileIn(dataDir)
    expect(await ensureAdministrator(ctx, { passwordFile: file })).toEqual({
      email: DEFAULT_ADMIN_EMAIL,
      generatedPassword: null,
    })
    expect(fs.existsSync(file)).toBe(false)
  })

  it('creates the first-run chapters without officers, with chair, advisor and logo, once', async () => {
    const dataDir = freshDataDir()
    const ctx = context({ SEED_DEMO: 'false' }, dataDir)
    expect(await createFirstRunChapters(ctx)).toBe(22)
    expect(counts(ctx)).toEqual({ people: 0, chapters: 22, events: 0, info: 15, members: 44, messages: 0 })
    // The page /chapters shows what the fixed page showed: the content's order, its chairs and advisors.
    const listed = listPublicChapters(ctx.db)
    expect(listed.map((chapter) => chapter.name)).toEqual(firstRunChapters.map((chapter) => chapter.name))
    expect(listed.map((chapter) => chapter.chair)).toEqual(firstRunChapters.map((chapter) => chapter.chair))
    expect(listed.map((chapter) => chapter.advisor)).toEqual(
      firstRunChapters.map((chapter) => chapter.advisor),
    )
    expect(listed.filter((chapter) => chapter.logo)).toHaveLength(15)
    for (const { logo } of listed) {
      if (!logo) continue
      expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
      expect(fs.existsSync(path.join(dataDir, logo))).toBe(true)
    }

    // Never again, even once the console has deleted every chapter.
    ctx.db.delete(chapters).run()
    expect(await createFirstRunChapters(ctx)).toBe(0)
    expect(counts(ctx).chapters).toBe(0)
  })

  it('creates the first-run chapters without logos when the uploads folder is broken, and starts', async () => {
    const dataDir = freshDataDir()
    fs.writeFileSync(path.join(dataDir, 'uploads'), 'a file where the folder should be')
    const ctx = context({ SEED_DEMO: 'false' }, dataDir)
    expect(await createFirstRunChapters(ctx)).toBe(22)
    expect(counts(ctx)).toMatchObject({ chapters: 22, members: 44, info: 0 })
  })

  it('creates no first-run chapters in a database that has chapters already', async () => {
    const ctx = context()
    ctx.db
      .insert(chapters)
      .values({ id: 'c'.repeat(24), name: 'Our Own', email: 'own@example.org', slug: 'our-own' })
      .run()
    expect(await createFirstRunChapters(ctx)).toBe(0)
    ctx.db.delete(chapters).run()
    expect(await createFirstRunChapters(ctx)).toBe(0)
  })

  it('seeds the demo once into the first-run chapters, with images stored as uploads, and never again', async () => {
    const dataDir = freshDataDir()
    const ctx = context({}, dataDir)
    await createFirstRunChapters(ctx)
    const seeded = await seedDemoContent(ctx, new Date(2026, 10, 21))
    expect(seeded?.map((chapter) => chapter.email)).toEqual(
      demoContent.chapters.map((chapter) => chapter.email),
    )
    const first = counts(ctx)
    expect(first).toEqual({
      people: demoContent.chapters.length,
      chapters: 22,
      events: demoContent.chapters.flatMap((chapter) => chapter.events).length,
      info: 15,
      members: 44 + demoContent.chapters.flatMap((chapter) => chapter.members).length,
      messages: demoContent.contactMessages.length,
    })
    // A demo chapter is the first-run chapter of its name: its officer signs in with the demo's email,
    // which is now its contact address; its chair is still the first-run one.
    const padma = listPublicChapters(ctx.db).find((chapter) => chapter.name === demoContent.chapters[0]?.name)
    expect(padma?.chair).toEqual(firstRunChapters[0]?.chair)
    const officer = findPersonByEmail(ctx.db, demoContent.chapters[0]?.email ?? '')
    expect(officer?.role).toBe('officer')
    const padmaRow = ctx.db
      .select()
      .from(chapters)
      .all()
      .find((row) => row.id === officer?.chapterId)
    expect(padmaRow?.email).toBe(demoContent.chapters[0]?.email)
    // Every demo event has its type.
    const types = ctx.db.select({ type: events.type }).from(events).all()
    expect(types.every((row) => row.type !== null)).toBe(true)

    const banners = ctx.db.select({ banner: events.banner }).from(events).all()
    for (const { banner } of banners) {
      expect(banner).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
      expect(fs.existsSync(path.join(dataDir, banner))).toBe(true)
    }
    // Dates are relative to the seeding day: both upcoming and past events exist.
    const dates = ctx.db
      .select({ date: events.eventDate })
      .from(events)
      .all()
      .map((row) => row.date)
    expect(dates.some((date) => date > '2026-11-21')).toBe(true)
    expect(dates.some((date) => date < '2026-11-21')).toBe(true)

    expect(await seedDemoContent(ctx)).toBeNull()
    // Even after every demo row is deleted, a later start does not seed again.
    ctx.db.delete(chapters).run()
    ctx.db.delete(contactMessages).run()
    expect(await seedDemoContent(ctx)).toBeNull()
    expect(counts(ctx).events).toBe(0)
  })

  it('seeds the demo into a database without the first-run chapters by creating its chapters', async () => {
    const ctx = context()
    expect(await seedDemoContent(ctx, new Date(2026, 10, 21))).toHaveLength(demoContent.chapters.length)
    expect(counts(ctx).chapters).toBe(demoContent.chapters.length)
  })

  it('seeds no demo with SEED_DEMO=false, but the first-run chapters all the same', async () => {
    const ctx = context({ SEED_DEMO: 'false' })
    expect(await createFirstRunChapters(ctx)).toBe(22)
    expect(await seedDemoContent(ctx)).toBeNull()
    expect(counts(ctx)).toEqual({ people: 0, chapters: 22, events: 0, info: 15, members: 44, messages: 0 })
  })
})
