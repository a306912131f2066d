import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { capturePageTexts, normalise, PAGE_TEXT_ROUTES, type RenderedParts } from '../support/page-texts'
import { allowTimeForProcesses } from '../support/process-budget'
import { type ServerProcess, startServer } from '../support/server-process'

allowTimeForProcesses()

// Captured by tests/scripts/capture-page-texts.ts from the site before its texts moved into the database;
// normalised again on reading, so a fixture captured before a rule was added still compares on any day.
const before = Object.fromEntries(
  Object.entries(
    JSON.parse(
      fs.readFileSync(path.join(projectRoot, 'tests', 'fixtures', 'page-texts-before.json'), 'utf8'),
    ) as Record<string, RenderedParts>,
  ).map(([route, parts]) => [route, { main: normalise(parts.main), footer: normalise(parts.footer) }]),
)

let server: ServerProcess
let now: Record<string, RenderedParts>
beforeAll(async () => {
  ensureProductionBuild()
  server = await startServer()
  now = await capturePageTexts(server.url)
})
afterAll(() => server?.stop())

describe('the pages that show the site texts, read from the database on a fresh site', () => {
  it.each(PAGE_TEXT_ROUTES)('%s renders the same <main> and <footer> as before the move', (route) => {
    expect(before[route]?.main.length).toBeGreaterThan(1000)
    expect(now[route]?.main).toBe(before[route]?.main)
    expect(now[route]?.footer).toBe(before[route]?.footer)
  })
})
