import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { isVariant, stemOf } from '#server/uploads/variants.server'
import { call, clientOf, signIn, uploadPicture, validEvent } from '../support/api'
import { allowTimeForProcesses } from '../support/process-budget'
import { runScript } from '../support/scripts'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

/**
 * docs/decisions/028-backups-and-restore.md: `npm run backup` makes a consistent copy while the server serves writes; `npm run restore` puts
 * it into a fresh data directory where a new server finds everything; restore refuses what it should;
 * `npm run clean-uploads` and the server's own sweep remove orphaned uploads, never used ones.
 */

const ADMIN = { email: 'backup-admin@example.org', password: 'backup admin password' }
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: '1000' }

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')))
})
async function start(dataDir?: string) {
  const server = await startServer({ dataDir, env })
  running.push(server)
  return server
}

const scratchFile = (name: string) =>
  path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-backup-test-')), name)

// Each case starts servers and runs the command-line scripts several times (a few seconds each under tsx).
describe('backup and restore', { timeout: 90_000 }, () => {
  it('a backup made while writes go on restores into a fresh data directory, where a server finds the data', async () => {
    const server = await start()
    const client = clientOf(server.url)
    const { token } = await signIn(client, ADMIN.email, ADMIN.password)
    const banner = await uploadPicture(client, token, 4242)
    const before = await call(client, 'POST', '/api/events', {
      token,
      json: validEvent({ title: 'Made before the backup', banner }),
    })
    expect(before.status).toBe(201)

    // Writers keep the server busy for the whole backup.
    let writing = true
    let acknowledged = 0
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let n = 0; writing; n++) {
        const answer = await call(client, 'POST', '/api/events', {
          token,
          json: validEvent({ title: `Written during the backup ${writer}-${n}` }),
        })
        if (answer.status === 201) acknowledged++
      }
    })
    // The writers are under way (some writes acknowledged) when the backup starts.
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(0), { timeout: 10_000, interval: 20 })
    const file = scratchFile('site.tar.gz')
    const acknowledgedAtStart = acknowledged
    const backup = await runScript('backup', [file], { DATA_DIR: server.dataDir })
    const acknowledgedAtEnd = acknowledged
    writing = false
    await Promise.all(writers)
    expect(backup.output).toMatch(/Backup of .* written to/)
    expect(backup.code).toBe(0)
    expect(acknowledged).toBeGreaterThan(10)
    expect(fs.statSync(file).mode & 0o077).toBe(0)

    const entries: string[] = []
    await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) })
    expect(entries).toEqual(
      expect.arrayContaining([
        'backup.json',
        databaseFileName,
        'session-secret',
        'ticket-key',
        `uploads${banner.slice(8)}`,
      ]),
    )
    expect(entries.some((entry) => entry.endsWith('-wal'))).toBe(false)

    const restoredDir = freshDataDir('chapter-restored-')
    const restore = await runScript('restore', [file, '--data-dir', restoredDir])
    expect(restore.output).toMatch(/Restored the backup/)
    expect(restore.code).toBe(0)
    // The ticket key comes back: tickets already mailed still pass the door (docs/decisions/079-ticket-keys.md).
    expect(fs.readFileSync(path.join(restoredDir, 'ticket-key'))).toEqual(
      fs.readFileSync(path.join(server.dataDir, 'ticket-key')),
    )
    const restored = new SQLite(path.join(restoredDir, databaseFileName), { readonly: true })
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(restored.pragma('foreign_key_check')).toEqual([])
    const inBackup = restored
      .prepare("SELECT count(*) FROM events WHERE title LIKE 'Written during%'")
      .pluck()
      .get() as number
    const eventsRestored = restored.prepare('SELECT count(*) FROM events').pluck().get()
    restored.close()
    // The copy is the source as it was at one moment during the backup: every write acknowledged before it
    // started, none begun after it ended (at most one in flight per writer), and the count the backup
    // itself recorded from the source.
    expect(inBackup).toBeGreaterThanOrEqual(acknowledgedAtStart)
    expect(inBackup).toBeLessThanOrEqual(acknowledgedAtEnd + 4)
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-manifest-'))
    await tar.extract({ file, cwd: unpacked, filter: (entry) => entry === 'backup.json' })
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'backup.json'), 'utf8'))
    expect(manifest.rows.events).toBe(eventsRestored)

    const second = await start(restoredDir)
    const secondClient = clientOf(second.url)
    // The same session secret and sessions: the old token still works, and so does the password.
    expect((await call(secondClient, 'GET', '/api/auth/me', { token })).status).toBe(200)
    await signIn(secondClient, ADMIN.email, ADMIN.password)
    const found = await call(secondClient, 'GET', `/api/events/${before.body.event._id}`)
    expect(found.status).toBe(200)
    expect(found.body.event).toEqual(before.body.event)
    const image = await fetch(`${second.url}${banner}`)
    expect(image.status).toBe(200)
    expect(Buffer.from(await image.arrayBuffer())).toEqual(fs.readFileSync(path.join(server.dataDir, banner)))
    const list = await call(secondClient, 'GET', '/api/events?q=Written%20during&pageSize=1')
    expect(list.body.total).toBe(inBackup)
  })

  it('restore refuses a non-empty data directory without --force, and one a server is using even with it', async () => {
    const server = await start()
    const file = scratchFile('refusals.tar.gz')
    expect((await runScript('backup', [file], { DATA_DIR: server.dataDir })).code).toBe(0)
    const archive = fs.readFileSync(file)
    const overwrite = await runScript('backup', [file], { DATA_DIR: server.dataDir })
    expect(overwrite.code).toBe(1)
    expect(overwrite.output).toMatch(/already exists/)
    expect(fs.readFileSync(file).equals(archive)).toBe(true)

    const notEmpty = await runScript('restore', [file], { DATA_DIR: server.dataDir })
    expect(notEmpty.code).toBe(1)
    expect(notEmpty.output).toMatch(/is not empty .*Pass --force/)
    const inUse = await runScript('restore', [file, '--force'], { DATA_DIR: server.dataDir })
    expect(inUse.code).toBe(1)
    expect(inUse.output).toMatch(/A running server is using/)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    expect(await server.stop('SIGTERM')).toBe(0)
    const forced = await runScript('restore', [file, '--force'], { DATA_DIR: server.dataDir })
    expect(forced.code).toBe(0)
    const aside = /previous contents are in (\S+):/.exec(forced.output)?.[1] ?? ''
    expect(fs.existsSync(path.join(aside, databaseFileName))).toBe(true)
    expect(fs.existsSync(path.join(server.dataDir, databaseFileName))).toBe(true)
    const again = await start(server.dataDir)
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200)
  })

  it('restore refuses an archive that is not a backup of this site, and leaves the data directory alone', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-not-a-backup-'))
    fs.writeFileSync(path.join(folder, 'backup.json'), '{"format":1}')
    fs.writeFileSync(path.join(folder, 'run-me.sh'), 'echo owned')
    const file = scratchFile('evil.tar.gz')
    await tar.create({ gzip: true, file, cwd: folder }, ['backup.json', 'run-me.sh'])
    const target = freshDataDir('chapter-untouched-')
    const refused = await runScript('restore', [file, '--data-dir', target])
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/Not a backup of this site/)
    expect(fs.readdirSync(target)).toEqual([])
  })
})

describe('orphaned uploads in the running site', () => {
  it('the server sweeps at start, and npm run clean-uploads sweeps while it runs; used files stay', async () => {
    const dataDir = freshDataDir()
    const uploads = path.join(dataDir, 'uploads')
    fs.mkdirSync(uploads)
    const old = new Date(Date.now() - 48 * 3_600_000)
    fs.writeFileSync(path.join(uploads, 'deadbeefdeadbeefdeadbeefdeadbeef.png'), 'left from long ago')
    fs.utimesSync(path.join(uploads, 'deadbeefdeadbeefdeadbeefdeadbeef.png'), old, old)
    const server = await start(dataDir)
    expect(fs.existsSync(path.join(uploads, 'deadbeefdeadbeefdeadbeefdeadbeef.png'))).toBe(false)

    // The demo content's pictures are in use; add an old unused one and an old used one.
    const demoFiles = fs.readdirSync(uploads)
    expect(demoFiles.length).toBeGreaterThan(0)
    const client = clientOf(server.url)
    const { token } = await signIn(client, ADMIN.email, ADMIN.password)
    const unused = (await uploadPicture(client, token, 7)).slice('/uploads/'.length)
    const used = await uploadPicture(client, token, 8)
    expect(
      (await call(client, 'POST', '/api/events', { token, json: validEvent({ banner: used }) })).status,
    ).toBe(201)
    for (const name of fs.readdirSync(uploads)) fs.utimesSync(path.join(uploads, name), old, old)

    const dryRun = await runScript('clean-uploads', ['--dry-run'], { DATA_DIR: dataDir })
    expect(dryRun.output).toMatch(/Would remove 1 orphaned uploads/)
    expect(fs.existsSync(path.join(uploads, unused))).toBe(true)
    const clean = await runScript('clean-uploads', [], { DATA_DIR: dataDir })
    expect(clean.code).toBe(0)
    expect(clean.output).toContain(unused)
    // The used upload stays with its resized copies; the unused one goes with its copies.
    const usedName = used.slice('/uploads/'.length)
    const usedCopies = fs.readdirSync(uploads).filter((name) => isVariant(name)?.stem === stemOf(usedName))
    expect(usedCopies.length).toBeGreaterThan(0)
    expect(fs.readdirSync(uploads).sort()).toEqual([...demoFiles, usedName, ...usedCopies].sort())
    expect((await fetch(`${server.url}${used}`)).status).toBe(200)
  })
})
