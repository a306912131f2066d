import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

const running: ServerProcess[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})
async function start(dataDir: string) {
  const server = await startServer({ dataDir })
  running.push(server)
  return server
}
const stopAll = () => Promise.all(running.splice(0).map((server) => server.stop()))

const SEEDED = /Site texts created from content\//
const inDatabase = <T>(dataDir: string, read: (db: SQLite.Database) => T): T => {
  const db = new SQLite(path.join(dataDir, databaseFileName))
  try {
    return read(db)
  } finally {
    db.close()
  }
}
const revisionsOf = (dataDir: string) =>
  inDatabase(dataDir, (db) =>
    db.prepare("SELECT count(*) FROM revisions WHERE item_type = 'site'").pluck().get(),
  )

describe('the site texts on the first start', () => {
  it('are created once on a new site, and once on a site upgraded from before they were data', async () => {
    const dataDir = freshDataDir()
    expect((await start(dataDir)).output()).toMatch(SEEDED)
    await stopAll()
    expect(revisionsOf(dataDir)).toBe(1)
    // A restart seeds nothing.
    expect((await start(dataDir)).output()).not.toMatch(SEEDED)
    await stopAll()
    expect(revisionsOf(dataDir)).toBe(1)

    // A data directory of the version before: no texts, no marker (its migration creates the empty table).
    inDatabase(dataDir, (db) => {
      db.exec(
        "DELETE FROM site_texts; DELETE FROM revisions; DELETE FROM app_state WHERE key = 'site_texts_seeded_at'",
      )
    })
    const upgraded = await start(dataDir)
    expect(upgraded.output()).toMatch(SEEDED)
    const contact = await (await fetch(`${upgraded.url}/api/site`)).json()
    expect(contact.site.contact.phone).toBe('+880 1700-000000')
    await stopAll()
    expect((await start(dataDir)).output()).not.toMatch(SEEDED)
    await stopAll()
    expect(revisionsOf(dataDir)).toBe(1)
  })
})
