import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFileName } from '#db/client.server'
import { ensureProductionBuild, projectRoot } from '../support/build'
import {
  committeePagesFixture,
  committeeRoutes,
  comparedParts,
  withoutTextMarkers,
} from '../support/committee-pages'
import { allowTimeForProcesses } from '../support/process-budget'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

// What main rendered before committees moved to the database (tests/scripts/capture-committee-pages.ts).
const before: Record<string, { header: string; main: string }> = JSON.parse(
  fs.readFileSync(path.join(projectRoot, committeePagesFixture), 'utf8'),
)
const same = (part: string) => withoutTextMarkers(part)

let server: ServerProcess
beforeAll(async () => {
  ensureProductionBuild()
  server = await startServer({ dataDir: freshDataDir() })
})
afterAll(() => server?.stop())

describe('the committee pages after the move to the database', () => {
  it.each(committeeRoutes)('%s: the same header and main as before', async (route) => {
    const response = await fetch(`${server.url}${route}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const after = comparedParts(html)
    const expected = before[route]
    expect(expected).toBeDefined()
    expect(same(after.main)).toBe(same(expected?.main ?? ''))
    expect(same(after.header)).toBe(same(expected?.header ?? ''))
    // Still no framework JavaScript on a committee page.
    expect(html).not.toMatch(/<script[^>]+src="[^"]*(react|entry-client-routing)/)
  })

  it('a year with no committee is the 404 page', async () => {
    expect((await fetch(`${server.url}/excom-24`)).status).toBe(404)
    expect((await fetch(`${server.url}/excom-2023`)).status).toBe(404)
  })

  it('the committees are created once: a restart on the same data directory creates none', async () => {
    expect(server.output()).toMatch(/13 committees created from content\//)
    const { dataDir } = server
    await server.stop()
    server = await startServer({ dataDir })
    expect(server.output()).not.toMatch(/committees created/)
    const db = new SQLite(path.join(dataDir, databaseFileName), { readonly: true })
    try {
      expect(db.prepare('select count(*) as n from committees').get()).toEqual({ n: 13 })
      expect(db.prepare("select count(*) as n from revisions where item_type = 'committee'").get()).toEqual({
        n: 13,
      })
    } finally {
      db.close()
    }
    expect((await fetch(`${server.url}/excom-23`)).status).toBe(200)
  })
})
