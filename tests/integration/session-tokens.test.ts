import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { decodeJwt, SignJWT } from 'jose'
import * as tar from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseFileName, openDatabase } from '#db/client.server'
import { createPerson } from '#db/queries/people.server'
import { hashToken } from '#server/auth/one-time-tokens.server'
import { SESSION_SECRET_FILE } from '#server/auth/session-secret.server'
import { signSessionToken } from '#server/auth/tokens.server'
import { createBackup } from '#server/services/backup.server'
import { addAccount, allTables, call, signIn, TEST_PASSWORD, testPassword } from '../support/api'
import { migrationsBefore } from '../support/migrations'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir } from '../support/server-process'
import { startTestApp, type TestApp } from '../support/test-app'

allowTimeForProcesses()

/**
 * Session tokens are stored as their SHA-256 (docs/decisions/011-sessions.md): a backup, which holds the
 * signing secret beside the database, must not open a session; and the migration that hashed the ids of
 * the previous version's sessions signed nobody out.
 */

const DAY = 24 * 60 * 60 * 1000
const SECRET = 'a session secret of at least thirty-two characters'

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

const scratch = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

/** Every distinct text in every table: whatever a thief could try as a session id. */
function everyText(sqlite: SQLite.Database): string[] {
  const texts = new Set<string>()
  for (const table of allTables(sqlite)) {
    for (const row of sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
      for (const value of Object.values(row)) if (typeof value === 'string') texts.add(value)
    }
  }
  return [...texts]
}

describe('a backup opens no session', () => {
  it('from the secret and the database of a backup, no token the running server accepts can be made', async () => {
    const app = await startTestApp()
    apps.push(app)
    const admin = await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'admin@example.org' })
    const officer = await addAccount(app.db, { name: 'Chapter', email: 'chapter@example.org' })
    const live = [
      await signIn(app, admin.email),
      await signIn(app, admin.email),
      await signIn(app, officer.email),
    ]

    const file = path.join(scratch('chapter-backup-'), 'backup.tar.gz')
    await createBackup(app.ctx.env.dataDir, file)
    const unpacked = scratch('chapter-unpacked-')
    await tar.extract({ file, cwd: unpacked })
    const secret = new TextEncoder().encode(
      fs.readFileSync(path.join(unpacked, SESSION_SECRET_FILE), 'utf8').trim(),
    )
    const copy = new SQLite(path.join(unpacked, databaseFileName), { readonly: true })
    const candidates = everyText(copy)
    const databaseBytes = fs.readFileSync(path.join(unpacked, databaseFileName))
    copy.close()
    expect(candidates.length).toBeGreaterThan(10)

    // What a thief would do: sign the claims a session token has (they are in any token) with the secret.
    const claims = decodeJwt(live[0]?.token ?? '')
    const accepted = async (sid: string) => {
      const token = await new SignJWT({ ...claims, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secret)
      return (await call(app, 'GET', '/api/auth/me', { token })).status === 200
    }
    // The secret in the backup is the one in use: a token naming a live session's own value gets in.
    expect(await accepted(String(claims.sid))).toBe(true)
    // Nothing the database holds names a session: not the row ids, not the hashes, nothing else.
    for (const candidate of candidates) expect(await accepted(candidate), candidate).toBe(false)
    // Nor is any live session's value anywhere in the file.
    for (const session of live) {
      const sid = String(decodeJwt(session.token).sid)
      expect(databaseBytes.includes(sid)).toBe(false)
    }
  })
})

describe('the migration that hashes session ids', () => {
  it('keeps the sessions of the previous version working, with no old token left in the database file', async () => {
    // A database as the previous version left it: every migration before this one, and its sessions,
    // whose id was the token's value.
    const dataDir = freshDataDir()
    const databaseFile = path.join(dataDir, databaseFileName)
    const old = openDatabase(databaseFile)
    migrate(old, { migrationsFolder: migrationsBefore('0006_hashed_session_tokens') })
    const person = createPerson(old, {
      role: 'admin',
      chapterId: null,
      name: 'Upgraded',
      email: 'upgraded@example.org',
      passwordHash: await testPassword(),
    })
    const now = Date.now()
    const insert = old.$client.prepare(
      'INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
    )
    const oldIds = ['5e55a0000000000000000001', '5e55a0000000000000000002', '5e55a0000000000000000003']
    insert.run(oldIds[0], person.id, now - DAY, now + 29 * DAY, now - 60_000, 'Firefox')
    insert.run(oldIds[1], person.id, now - 2 * DAY, now + 28 * DAY, now - DAY, 'Chrome')
    insert.run(oldIds[2], person.id, now - 40 * DAY, now - 10 * DAY, now - 10 * DAY, 'Old')
    old.$client.pragma('wal_checkpoint(TRUNCATE)')
    old.$client.close()
    const secret = new TextEncoder().encode(SECRET)
    const tokenOf = (id: string | undefined) =>
      signSessionToken(secret, id ?? '', new Date(now - DAY), new Date(now + 20 * DAY))
    const [first, second, expired] = await Promise.all(oldIds.map(tokenOf))

    const app = await startTestApp({ env: { DATA_DIR: dataDir, SESSION_SECRET: SECRET } })
    apps.push(app)
    const sqlite = app.db.$client
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    // Nobody was signed out; the expired session stays dead.
    for (const token of [first, second]) {
      const me = await call(app, 'GET', '/api/auth/me', { token })
      expect(me.body.userInfo).toMatchObject({ email: 'upgraded@example.org', isAdmin: true })
    }
    expect((await call(app, 'GET', '/api/auth/me', { token: expired })).status).toBe(401)
    // The rows keep only the hashes; their ids are new.
    const rows = sqlite.prepare('SELECT id, token_hash, user_agent FROM sessions ORDER BY user_agent').all()
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        token_hash: hashToken(oldIds[1] ?? ''),
        user_agent: 'Chrome',
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        token_hash: hashToken(oldIds[0] ?? ''),
        user_agent: 'Firefox',
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        token_hash: hashToken(oldIds[2] ?? ''),
        user_agent: 'Old',
      },
    ])
    for (const row of rows as { id: string }[]) expect(oldIds).not.toContain(row.id)
    // The sessions list shows the new ids, and ending one by its id works.
    const list = await call(app, 'GET', '/api/auth/sessions', { token: first })
    expect(list.body.sessions).toHaveLength(2)
    const other = list.body.sessions.find((session: { isCurrent: boolean }) => !session.isCurrent)
    expect((await call(app, 'DELETE', `/api/auth/sessions/${other._id}`, { token: first })).status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: second })).status).toBe(401)
    // The old table's pages were zeroed as they were freed: no old token is left in the file.
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    const bytes = fs.readFileSync(databaseFile)
    for (const id of oldIds) expect(bytes.includes(id)).toBe(false)
    // And sign-in goes on as ever.
    await signIn(app, 'upgraded@example.org', TEST_PASSWORD)
  })
})
