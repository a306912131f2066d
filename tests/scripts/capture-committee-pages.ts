/**
 * Writes tests/fixtures/committee-pages.json: what a real server on a fresh data directory renders for each
 * committee page (its header and main). Run on the commit before committees moved to the database;
 * tests/integration/committee-pages.test.ts compares the pages against it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { committeePagesFixture, committeeRoutes, comparedParts } from '../support/committee-pages'
import { startServer } from '../support/server-process'

ensureProductionBuild()
const server = await startServer()
try {
  const pages: Record<string, { header: string; main: string }> = {}
  for (const route of committeeRoutes) {
    const response = await fetch(`${server.url}${route}`)
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`)
    pages[route] = comparedParts(await response.text())
  }
  fs.writeFileSync(path.join(projectRoot, committeePagesFixture), `${JSON.stringify(pages, null, 2)}\n`)
  console.log(`${Object.keys(pages).length} pages written to ${committeePagesFixture}`)
} finally {
  await server.stop()
}
