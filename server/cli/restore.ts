/**
 * `npm run restore -- <file.tar.gz> [--force] [--data-dir <dir>]`: restores a backup into DATA_DIR (or
 * --data-dir). A non-empty data directory needs --force (its contents are moved aside, not deleted), and is
 * refused while a server uses it. See server/services/backup.server.ts and the README's "Data and backups".
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadEnvOrExit } from '../env.server'
import { BackupError, restoreBackup } from '../services/backup.server'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } },
})
const [file] = positionals
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- <file.tar.gz> [--force] [--data-dir <dir>]')
  process.exit(2)
}
const dataDir = values['data-dir']
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir'])
  : loadEnvOrExit().dataDir
try {
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
  const { manifest, movedAside } = await restoreBackup(source, dataDir, values.force)
  const rows = Object.entries(manifest.rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ')
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir}`)
  console.log(`  ${rows}; ${manifest.uploads.length} uploads`)
  if (movedAside)
    console.log(`  The previous contents are in ${movedAside}: delete it once the site looks right.`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
