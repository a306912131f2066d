import fs from 'node:fs'
import path from 'node:path'
import type SQLite from 'better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseFileName, migrateDatabase, openDatabase } from '#db/client.server'
import { hashPassword } from '#server/auth/password.server'
import { signSessionToken } from '#server/auth/tokens.server'
import { createBackup, restoreBackup } from '#server/services/backup.server'
import { call, clientOf, signIn } from '../support/api'
import { migrationsBefore } from '../support/migrations'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir, startServer } from '../support/server-process'
import { startTestApp, type TestApp } from '../support/test-app'

allowTimeForProcesses()

/**
 * The migration to one account per person, on a database made by the code before it: the migrations
 * up to the shared chapter accounts, rows written with SQL as that code wrote them, live sessions.
 */

const PEOPLE_MIGRATION = '0004_people'
const SECRET = 'a session secret of at least thirty-two characters'
const PASSWORD = 'the old shared password 9'
const DAY = 24 * 60 * 60 * 1000

/** db/migrations without the people migration and any after it: the schema the previous code made. */
const migrationsBeforePeople = () => migrationsBefore(PEOPLE_MIGRATION)

type OldData = { adminSession: string; officerSession: string; expiredSession: string }

/** Two chapter accounts, an administrator, their sessions, events (one the administrator's), info and members. */
async function writeOldData(sqlite: SQLite.Database): Promise<OldData> {
  const hash = await hashPassword(PASSWORD)
  const now = Date.now()
  const account = sqlite.prepare(
    'INSERT INTO accounts (id, role, name, email, phone, slug, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  account.run(
    'a00000000000000000000001',
    'admin',
    'Administrator',
    'admin@example.org',
    '',
    'administrator',
    hash,
    now - 9 * DAY,
    now - 9 * DAY,
  )
  account.run(
    'c00000000000000000000001',
    'chapter',
    'CSE Society, DU',
    'cse@example.org',
    '01711000001',
    'cse-society-du',
    hash,
    now - 8 * DAY,
    now - 2 * DAY,
  )
  account.run(
    'c00000000000000000000002',
    'chapter',
    'EEE Club',
    'eee@example.org',
    '01711000002',
    'eee-club',
    hash,
    now - 7 * DAY,
    now - 7 * DAY,
  )
  const session = sqlite.prepare(
    'INSERT INTO sessions (id, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  )
  session.run('s00000000000000000000001', 'a00000000000000000000001', now - DAY, now + 29 * DAY)
  session.run('s00000000000000000000002', 'c00000000000000000000001', now - 3 * DAY, now + 27 * DAY)
  session.run('s00000000000000000000003', 'c00000000000000000000002', now - 40 * DAY, now - 10 * DAY)
  const event = sqlite.prepare(
    `INSERT INTO events (id, owner_id, title, banner, host, event_date, start_time, end_time, location,
      registration_method, fees, event_link, description) VALUES (?, ?, ?, '/uploads/a.webp', 'Host', '2030-01-02',
      '10:00', '12:00', 'Dhaka', 'Online', 0, 'https://example.org/e', 'About it')`,
  )
  event.run('e00000000000000000000001', 'c00000000000000000000001', 'Chapter event')
  event.run('e00000000000000000000002', 'c00000000000000000000002', 'Other chapter event')
  event.run('e00000000000000000000003', 'a00000000000000000000001', 'Administrator event')
  sqlite
    .prepare(
      `INSERT INTO chapter_info (id, chapter_id, logo, short_description, website_url, facebook_url, linkedin_url, about_us)
       VALUES ('i1', 'c00000000000000000000001', '/uploads/l.webp', 'Short', 'https://a.example.org', 'https://facebook.com/a', 'https://linkedin.com/a', 'About')`,
    )
    .run()
  sqlite
    .prepare(
      `INSERT INTO excom_members (id, chapter_id, name, designation, affiliation, email, image)
       VALUES ('m1', 'c00000000000000000000001', 'Member', 'Chair', 'DU', 'm@example.org', '/uploads/m.webp')`,
    )
    .run()
  sqlite
    .prepare(
      "INSERT INTO login_throttle (key, failures, window_started_at) VALUES ('account:cse@example.org', 2, ?)",
    )
    .run(now)
  const secret = new TextEncoder().encode(SECRET)
  const token = (id: string, expiresAt: number) =>
    signSessionToken(secret, id, new Date(now), new Date(expiresAt))
  return {
    adminSession: await token('s00000000000000000000001', now + 29 * DAY),
    officerSession: await token('s00000000000000000000002', now + 27 * DAY),
    expiredSession: await token('s00000000000000000000003', now + DAY),
  }
}

/** Columns, indexes and foreign keys of every table, to compare a migrated schema with a fresh one. */
function schemaOf(sqlite: SQLite.Database): unknown {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[]
  return Object.fromEntries(
    tables.map((table) => [
      table,
      {
        columns: sqlite.pragma(`table_info("${table}")`),
        indexes: (sqlite.pragma(`index_list("${table}")`) as { name: string; unique: number }[])
          .map((index) => ({ ...index, columns: sqlite.pragma(`index_xinfo("${index.name}")`) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        foreignKeys: sqlite.pragma(`foreign_key_list("${table}")`),
      },
    ]),
  )
}

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

/** What the site answers on a migrated data directory, checked as its users would see it. */
async function checkMigratedSite(dataDir: string, old: OldData): Promise<void> {
  const app = await startTestApp({ env: { DATA_DIR: dataDir, SESSION_SECRET: SECRET } })
  apps.push(app)
  const sqlite = app.db.$client
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
  expect(sqlite.pragma('foreign_key_check')).toEqual([])

  // Sessions made before the migration stay valid; the expired one stays dead.
  const me = await call(app, 'GET', '/api/auth/me', { token: old.officerSession })
  expect(me.body).toEqual({
    success: true,
    userInfo: { email: 'cse@example.org', isAdmin: false, name: 'CSE Society, DU', slug: 'cse-society-du' },
  })
  const admin = await call(app, 'GET', '/api/auth/me', { token: old.adminSession })
  expect(admin.body.userInfo).toMatchObject({ email: 'admin@example.org', isAdmin: true })
  expect((await call(app, 'GET', '/api/auth/me', { token: old.expiredSession })).status).toBe(401)

  // Chapters keep their ids (the console's and the API's), contact details and content.
  const chapters = await call(app, 'GET', '/api/users', { token: old.adminSession })
  expect(chapters.body.chapters).toEqual([
    expect.objectContaining({
      _id: 'c00000000000000000000001',
      email: 'cse@example.org',
      phone: '01711000001',
      slug: 'cse-society-du',
      eventCount: 1,
      memberCount: 1,
    }),
    expect.objectContaining({
      _id: 'c00000000000000000000002',
      email: 'eee@example.org',
      slug: 'eee-club',
      eventCount: 1,
      memberCount: 0,
    }),
  ])
  const mine = await call(app, 'GET', '/api/events/myevents', { token: old.officerSession })
  expect(mine.body.events.map((event: { _id: string }) => event._id)).toEqual(['e00000000000000000000001'])
  // The administrator's event is still there, owned by no chapter.
  expect((await call(app, 'GET', '/api/events/e00000000000000000000003')).body.event.title).toBe(
    'Administrator event',
  )
  expect((await call(app, 'GET', '/api/chapters/cse-society-du')).body.chapter.aboutUs).toBe('About')

  // Every account is a person now, signing in with the same email and password.
  const people = sqlite
    .prepare('SELECT id, role, chapter_id, name, email, disabled FROM users ORDER BY id')
    .all()
  expect(people).toEqual([
    {
      id: 'a00000000000000000000001',
      role: 'admin',
      chapter_id: null,
      name: 'Administrator',
      email: 'admin@example.org',
      disabled: 0,
    },
    {
      id: 'c00000000000000000000001',
      role: 'officer',
      chapter_id: 'c00000000000000000000001',
      name: 'CSE Society, DU',
      email: 'cse@example.org',
      disabled: 0,
    },
    {
      id: 'c00000000000000000000002',
      role: 'officer',
      chapter_id: 'c00000000000000000000002',
      name: 'EEE Club',
      email: 'eee@example.org',
      disabled: 0,
    },
  ])
  const signedIn = await signIn(clientOf(app.url), 'EEE@example.org', PASSWORD)
  expect(signedIn.userInfo).toEqual({
    email: 'eee@example.org',
    isAdmin: false,
    name: 'EEE Club',
    slug: 'eee-club',
  })
  // The throttle's counts carried over.
  expect(sqlite.prepare('SELECT failures FROM login_throttle').pluck().get()).toBe(2)
}

describe('the migration to one account per person', () => {
  it('turns a database of the previous code into chapters and people, in place and from a backup made before', async () => {
    const dataDir = freshDataDir()
    const oldDb = openDatabase(path.join(dataDir, databaseFileName))
    migrate(oldDb, { migrationsFolder: migrationsBeforePeople() })
    expect(
      oldDb.$client
        .prepare("SELECT name FROM sqlite_master WHERE name IN ('accounts', 'users')")
        .pluck()
        .all(),
    ).toEqual(['accounts'])
    const old = await writeOldData(oldDb.$client)
    oldDb.$client.close()

    // A backup taken before the migration, with the tool operators use.
    const backupFile = path.join(freshDataDir(), 'before.tar.gz')
    await createBackup(dataDir, backupFile)

    await checkMigratedSite(dataDir, old)

    // The migrated schema is the schema a fresh install gets.
    const fresh = openDatabase(path.join(freshDataDir(), databaseFileName))
    migrateDatabase(fresh)
    expect(schemaOf(apps[0]?.db.$client as SQLite.Database)).toEqual(schemaOf(fresh.$client))
    fresh.$client.close()

    // The backup restores into a new data directory and migrates again, to the same result.
    const restoredDir = freshDataDir()
    const restored = await restoreBackup(backupFile, restoredDir, false)
    expect(restored.manifest.migrations).toBe(4)
    await checkMigratedSite(restoredDir, old)
  })

  it('the real server takes a verified backup before migrating; that backup restores and migrates again', async () => {
    const dataDir = freshDataDir()
    const oldDb = openDatabase(path.join(dataDir, databaseFileName))
    migrate(oldDb, { migrationsFolder: migrationsBeforePeople() })
    const old = await writeOldData(oldDb.$client)
    oldDb.$client.close()

    const server = await startServer({
      dataDir,
      env: { SESSION_SECRET: SECRET, BACKUP_DIR: path.join(dataDir, 'backups') },
    })
    try {
      const client = clientOf(server.url)
      const me = await call(client, 'GET', '/api/auth/me', { token: old.officerSession })
      expect(me.body.userInfo).toEqual({
        email: 'cse@example.org',
        isAdmin: false,
        name: 'CSE Society, DU',
        slug: 'cse-society-du',
      })
      // Nothing was seeded and no administrator added: the migrated one is there.
      const admins = await call(client, 'GET', '/api/people', { token: old.adminSession })
      expect(admins.body.people.map((p: { email: string }) => p.email)).toEqual(['admin@example.org'])
    } finally {
      await server.stop()
    }
    const backups = fs
      .readdirSync(path.join(dataDir, 'backups'))
      .filter((name) => name.includes('before-migration'))
    expect(backups).toHaveLength(1)

    const restoredDir = freshDataDir()
    await restoreBackup(path.join(dataDir, 'backups', backups[0] as string), restoredDir, false)
    const restoredDb = openDatabase(path.join(restoredDir, databaseFileName))
    // The backup holds the database as the previous code left it.
    expect(restoredDb.$client.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(3)
    restoredDb.$client.close()
    await checkMigratedSite(restoredDir, old)
  })

  it('rolls back as a whole: a database it cannot migrate is left as it was', async () => {
    const dataDir = freshDataDir()
    const oldDb = openDatabase(path.join(dataDir, databaseFileName))
    migrate(oldDb, { migrationsFolder: migrationsBeforePeople() })
    await writeOldData(oldDb.$client)
    // Two accounts whose emails differ only in case: one person each is impossible (emails are unique
    // regardless of case), so the migration must fail and change nothing.
    oldDb.$client
      .prepare(
        "INSERT INTO accounts (id, role, name, email, slug, password_hash) VALUES ('dup', 'chapter', 'Dup', 'CSE@example.org', 'dup', 'h')",
      )
      .run()
    const before = oldDb.$client.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all()
    expect(() => migrateDatabase(oldDb)).toThrow(/UNIQUE/)
    expect(oldDb.$client.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all()).toEqual(before)
    expect(oldDb.$client.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(4)
    oldDb.$client.close()
  })
})
