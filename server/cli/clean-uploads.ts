/**
 * `npm run clean-uploads [-- --dry-run]`: removes uploaded files that no row uses and that are more than
 * 24 hours old (the running server does the same every few hours). Safe while the site runs.
 */

import path from 'node:path'
import { parseArgs } from 'node:util'
import { databaseFileName, openDatabase } from '#db/client.server'
import { uploadsDir } from '../context.server'
import { loadEnvOrExit } from '../env.server'
import { sweepOrphanedUploads } from '../uploads/orphans.server'
import { isVariant } from '../uploads/variants.server'

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } })
const env = loadEnvOrExit()
const db = openDatabase(path.join(env.dataDir, databaseFileName))
try {
  const sweep = sweepOrphanedUploads(db, uploadsDir(env), { dryRun: values['dry-run'] })
  const verb = values['dry-run'] ? 'Would remove' : 'Removed'
  const copies = sweep.removed.filter((name) => isVariant(name)).length
  console.log(
    `${verb} ${sweep.removed.length - copies} orphaned uploads (and ${copies} resized copies); kept ${sweep.used} in use and ${sweep.young.length} unused but younger than 24 hours.`,
  )
  for (const name of sweep.removed) console.log(`  ${name}`)
} finally {
  db.$client.close()
}
