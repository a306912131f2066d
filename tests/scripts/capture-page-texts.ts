/**
 * Writes tests/fixtures/page-texts-before.json: the pages that show the site's texts as a real server on a
 * fresh data directory renders them. Run once on the code before the texts moved into the database
 * (commit ca0d16e); tests/integration/page-texts-unchanged.test.ts compares the site with it.
 *   npx tsx tests/scripts/capture-page-texts.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { capturePageTexts } from '../support/page-texts'
import { startServer } from '../support/server-process'

ensureProductionBuild()
const server = await startServer()
try {
  const pages = await capturePageTexts(server.url)
  const file = path.join(projectRoot, 'tests', 'fixtures', 'page-texts-before.json')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(pages, null, 2)}\n`)
  console.log(`wrote ${file}`)
} finally {
  await server.stop()
}
