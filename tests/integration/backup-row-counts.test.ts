import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { createBackup, verifyBackup } from '#server/services/backup.server'
import { addAccount, call, signIn, validContact, validEvent } from '../support/api'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * docs/decisions/028-backups-and-restore.md: a backup's manifest counts the rows of every table of its
 * database (read from sqlite_master, so a new table counts at once), and verification compares every one:
 * a backup whose trash, activity log, invitations or outbox differ from its manifest fails.
 */

let app: TestApp
let smtp: TestSmtpServer
let backup: string
const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-row-counts-'))

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({ env: { SMTP_URL: smtp.url } })
  await addAccount(app.db, { role: 'admin', name: 'Counting Admin', email: 'counting-admin@example.org' })
  const { token } = await signIn(app, 'counting-admin@example.org')
  // A row in each table the old manifest left out: trash and activity (a deleted event), an invitation,
  // a queued notice (a contact message, with a mail server configured).
  const event = await call(app, 'POST', '/api/events', { token, json: validEvent({ title: 'Counted' }) })
  expect((await call(app, 'DELETE', `/api/events/${event.body.event._id}`, { token })).status).toBe(200)
  const invited = await call(app, 'POST', '/api/invitations', { token, json: { email: 'next@example.org' } })
  expect(invited.status).toBe(201)
  expect((await call(app, 'POST', '/api/contact', { json: validContact() })).status).toBe(201)
  backup = path.join(scratch(), 'site.tar.gz')
  await createBackup(app.ctx.env.dataDir, backup)
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

/** The backup with its database changed by `edit` after the manifest was written. */
async function editedBackup(edit: (db: SQLite.Database) => void): Promise<string> {
  const unpacked = scratch()
  await tar.extract({ file: backup, cwd: unpacked })
  const db = new SQLite(path.join(unpacked, databaseFileName))
  edit(db)
  db.close()
  const file = path.join(scratch(), 'edited.tar.gz')
  await tar.create({ gzip: true, file, cwd: unpacked }, fs.readdirSync(unpacked))
  return file
}

describe('row counts of a backup', () => {
  it('the manifest counts every table of the database', async () => {
    const manifest = await verifyBackup(backup)
    const db = new SQLite(path.join(app.ctx.env.dataDir, databaseFileName), { readonly: true })
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    db.close()
    expect(Object.keys(manifest.rows).sort()).toEqual(tables.sort())
    for (const table of ['trash', 'activity', 'invitations', 'outbox_mails'])
      expect(manifest.rows[table], table).toBeGreaterThan(0)
  })

  for (const table of ['trash', 'activity', 'invitations', 'outbox_mails']) {
    it(`a backup whose ${table} lost rows after its manifest was written fails verification`, async () => {
      const edited = await editedBackup((db) => db.prepare(`DELETE FROM ${table}`).run())
      await expect(verifyBackup(edited)).rejects.toThrow(
        new RegExp(`Row counts differ: ${table}: 0 rows, the manifest says [1-9]`),
      )
    })
  }

  it('a table the manifest does not name fails verification', async () => {
    const edited = await editedBackup((db) => db.exec('CREATE TABLE smuggled (x)'))
    await expect(verifyBackup(edited)).rejects.toThrow(/smuggled: 0 rows, the manifest does not name it/)
  })

  it('a backup of the earlier format (six tables counted) still verifies against those six', async () => {
    const unpacked = scratch()
    await tar.extract({ file: backup, cwd: unpacked })
    const manifestFile = path.join(unpacked, 'backup.json')
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    const six = ['chapters', 'users', 'events', 'chapter_info', 'excom_members', 'contact_messages']
    const rows = Object.fromEntries(six.map((table) => [table, manifest.rows[table]]))
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, format: 1, rows }))
    const earlier = path.join(scratch(), 'earlier.tar.gz')
    await tar.create({ gzip: true, file: earlier, cwd: unpacked }, fs.readdirSync(unpacked))
    expect((await verifyBackup(earlier)).rows).toEqual(rows)
  })
})
