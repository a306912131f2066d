import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as tar from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFileName, migrationsFolder, openDatabase } from '#db/client.server'
import { verifyBackup } from '#server/services/backup.server'
import { call, clientOf, signIn, validEvent } from '../support/api'
import { projectRoot } from '../support/build'
import { allowTimeForProcesses } from '../support/process-budget'
import { runScript } from '../support/scripts'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * Backups the server takes itself (server/services/scheduled-backups.server.ts): every BACKUP_INTERVAL_HOURS,
 * verified, rotated, handed to BACKUP_COMMAND; a failure shown on /api/health and the administrator's
 * dashboard; a backup before new migrations are applied; `npm run backup:verify` passing a good backup and
 * failing a damaged one.
 */

const ADMIN = { email: 'backups-admin@example.org', password: 'backups admin password' }
/** BACKUP_DIR empty: its default, DATA_DIR/backups (the test helper turns backups off otherwise). */
const baseEnv = {
  BACKUP_DIR: '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
}
/** 3.6 seconds. */
const FAST = '0.001'

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})
async function start(env: Record<string, string>, dataDir?: string) {
  const server = await startServer({ dataDir, env: { ...baseEnv, ...env } })
  running.push(server)
  return server
}

const scratch = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))
const adminTokens = new Map<string, string>()
/** /api/health as the administrator sees it (strangers learn only whether the database answers). */
async function health(url: string) {
  let token = adminTokens.get(url)
  if (token === undefined) {
    token = (await signIn(clientOf(url), ADMIN.email, ADMIN.password)).token
    adminTokens.set(url, token)
  }
  return (await call(clientOf(url), 'GET', '/api/health', { token })).body
}
const scheduled = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => /^chapter-.*Z\.tar\.gz$/.test(name))
        .sort()
    : []

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 40_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('scheduled backups', () => {
  it('writes verified backups every BACKUP_INTERVAL_HOURS, rotates them and hands each to BACKUP_COMMAND', async () => {
    const offsite = scratch('chapter-offsite-')
    const server = await start({ BACKUP_INTERVAL_HOURS: FAST, BACKUP_COMMAND: `cp -t ${offsite}` })
    const client = clientOf(server.url)
    const { token } = await signIn(client, ADMIN.email, ADMIN.password)
    const created = await call(client, 'POST', '/api/events', { token, json: validEvent({ title: 'Kept' }) })
    expect(created.status).toBe(201)

    // Three backups copied off the machine by the command.
    const copied = await until('three backups', () => {
      const names = scheduled(offsite)
      return names.length >= 3 ? names : undefined
    })
    const backupDir = path.join(server.dataDir, 'backups')
    const kept = scheduled(backupDir)
    // All taken today: only the newest stays (two if the test ran across midnight UTC).
    expect(kept.length).toBeLessThanOrEqual(2)
    expect(kept.length).toBeLessThan(copied.length)
    const newest = kept.at(-1) as string
    expect(copied).toContain(newest)
    expect(fs.readFileSync(path.join(offsite, newest))).toEqual(fs.readFileSync(path.join(backupDir, newest)))
    expect(fs.statSync(path.join(backupDir, newest)).mode & 0o077).toBe(0)

    // Each one a whole backup holding what the site holds.
    const manifest = await verifyBackup(path.join(offsite, copied[0] as string))
    expect(manifest.rows.events).toBe(1)
    expect(manifest.rows.users).toBe(1)

    // A stranger learns only that the site is up.
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ success: true, ok: true })
    const status = await until('health to name the newest backup', async () => {
      const answer = await health(server.url)
      return scheduled(backupDir).includes(answer.backup?.file) ? answer : undefined
    })
    const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'))
    expect(status).toMatchObject({ success: true, version, backup: { ok: true } })
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(3)
    expect(Date.now() - Date.parse(status.backup.at)).toBeLessThan(30_000)
    expect(server.output()).toMatch(/Backup written and verified/)
    // Nothing to migrate on a new database: no backup before migrations.
    expect(fs.readdirSync(backupDir).some((name) => name.includes('before-migration'))).toBe(false)

    // A good backup passes backup:verify: restored, served, counted.
    const good = await runScript('backup-verify', [path.join(offsite, copied[0] as string)])
    expect(good.output).toMatch(/row counts match the manifest/)
    expect(good.output).toMatch(/\/api\/health ok/)
    expect(good.output).toMatch(/Backup verified/)
    expect(good.code).toBe(0)
  }, 120_000)

  it('reports a failed BACKUP_COMMAND as an error, on /api/health and on the administrator dashboard', async () => {
    const server = await start({
      BACKUP_INTERVAL_HOURS: FAST,
      BACKUP_COMMAND: 'echo no remote configured >&2; false',
    })
    const status = await until('a failed backup', async () => {
      const answer = await health(server.url)
      return answer.backup && answer.backup.ok === false ? answer.backup : undefined
    })
    expect(status.error).toMatch(/BACKUP_COMMAND exited with code 1: no remote configured/)
    // Log lines leave the buffer within a second.
    const errorLine = await until('the error line', () =>
      server
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"Backup failed"')),
    )
    expect(JSON.parse(errorLine).level).toBe(50)

    const { cookie } = await signIn(clientOf(server.url), ADMIN.email, ADMIN.password)
    const dashboard = await (await fetch(`${server.url}/dashboard`, { headers: { cookie } })).text()
    expect(dashboard).toMatch(/The last backup failed/)
    expect(dashboard).toMatch(/no remote configured/)
  }, 60_000)

  it('takes a verified backup before applying new migrations to an existing database', async () => {
    // A database of the previous version: every migration but the newest applied.
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const older = scratch('chapter-older-migrations-')
    fs.cpSync(migrationsFolder, older, { recursive: true })
    fs.writeFileSync(
      path.join(older, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    )
    const dataDir = freshDataDir()
    // Opened as the server opens it: some migrations call SQL functions it registers (sha256_hex).
    const olderDb = openDatabase(path.join(dataDir, databaseFileName))
    migrate(olderDb, { migrationsFolder: older })
    const appliedBefore = olderDb.$client.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()
    olderDb.$client.close()
    expect(appliedBefore).toBe(journal.entries.length - 1)

    // No backup, no migration: a folder that cannot be made stops the start and changes nothing.
    await expect(
      startServer({ dataDir, env: { ...baseEnv, BACKUP_DIR: '/dev/null/backups' }, timeoutMs: 30_000 }),
    ).rejects.toThrow(/Could not back up the database before applying new migrations/)
    const untouched = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
    expect(untouched.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(appliedBefore)
    untouched.close()

    const server = await start({ BACKUP_INTERVAL_HOURS: '24' }, dataDir)
    const backupDir = path.join(dataDir, 'backups')
    const before = fs.readdirSync(backupDir).filter((name) => name.endsWith('-before-migration.tar.gz'))
    expect(before).toHaveLength(1)
    const manifest = await verifyBackup(path.join(backupDir, before[0] as string))
    expect(manifest.migrations).toBe(journal.entries.length - 1)
    const status = await health(server.url)
    expect(status.backup).toMatchObject({ ok: true, file: before[0] })
    await server.stop()
    running.length = 0

    const migrated = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
    expect(migrated.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(
      journal.entries.length,
    )
    migrated.close()

    // Migrated now: the next start has nothing to back up first.
    await start({ BACKUP_INTERVAL_HOURS: '24' }, dataDir)
    expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('-before-migration.tar.gz'))).toEqual(
      before,
    )
  }, 60_000)

  it('backup:verify fails a damaged backup and one whose rows differ from its manifest', async () => {
    const server = await start({ BACKUP_INTERVAL_HOURS: '24' })
    const folder = scratch('chapter-damaged-')
    const good = path.join(folder, 'good.tar.gz')
    expect((await runScript('backup', [good], { DATA_DIR: server.dataDir })).code).toBe(0)

    // Bytes overwritten in the middle of the archive.
    const damaged = path.join(folder, 'damaged.tar.gz')
    const bytes = fs.readFileSync(good)
    bytes.fill(0x41, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 512)
    fs.writeFileSync(damaged, bytes)
    const refused = await runScript('backup-verify', [damaged])
    expect(refused.output).toMatch(/FAILED/)
    expect(refused.code).toBe(1)

    // A whole archive whose database lost a row after the manifest was written.
    const unpacked = scratch('chapter-unpacked-')
    await tar.extract({ file: good, cwd: unpacked })
    const db = new SQLite(path.join(unpacked, databaseFileName))
    db.prepare('DELETE FROM users').run()
    db.close()
    const edited = path.join(folder, 'edited.tar.gz')
    await tar.create({ gzip: true, file: edited, cwd: unpacked }, fs.readdirSync(unpacked))
    const differs = await runScript('backup-verify', [edited])
    expect(differs.output).toMatch(/Row counts differ: users: 0 rows, the manifest says 1/)
    expect(differs.code).toBe(1)
  }, 90_000)
})
