import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { demoContent } from '../../content/demo'
import { openDataDirDatabase } from '../../db/client.server'
import { findPersonByEmail } from '../../db/queries/people.server'
import { chapterInfo, chapters, contactMessages, events, excomMembers, users } from '../../db/schema'
import { verifyPassword } from '../../server/auth/password.server'
import type { AppContext } from '../../server/context.server'
import { parseEnv } from '../../server/env.server'
import {
  DEFAULT_ADMIN_EMAIL,
  ensureAdministrator,
  passwordsFileIn,
  seedDemoContent,
} from '../../server/first-run.server'
import { createLogger } from '../../server/logger.server'
import { freshDataDir } from '../support/server-process'

const contexts: AppContext[] = []
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.db.$client.close()
})

function context(vars: Record<string, string> = {}, dataDir = freshDataDir()): AppContext {
  const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...vars })
  const ctx = { env, db: openDataDirDatabase(env.dataDir), logger: createLogger('silent') }
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

  it('seeds the demo once, with images stored as uploads, and never again', async () => {
    const dataDir = freshDataDir()
    const ctx = context({}, dataDir)
    const seeded = await seedDemoContent(ctx, new Date(2026, 10, 21))
    expect(seeded?.map((chapter) => chapter.email)).toEqual(
      demoContent.chapters.map((chapter) => chapter.email),
    )
    const first = counts(ctx)
    expect(first).toEqual({
      people: demoContent.chapters.length,
      chapters: demoContent.chapters.length,
      events: demoContent.chapters.flatMap((chapter) => chapter.events).length,
      info: demoContent.chapters.length,
      members: demoContent.chapters.flatMap((chapter) => chapter.members).length,
      messages: demoContent.contactMessages.length,
    })
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

  it('seeds nothing with SEED_DEMO=false', async () => {
    const ctx = context({ SEED_DEMO: 'false' })
    expect(await seedDemoContent(ctx)).toBeNull()
    expect(counts(ctx)).toEqual({ people: 0, chapters: 0, events: 0, info: 0, members: 0, messages: 0 })
  })
})
