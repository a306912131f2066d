/**
 * `npm run backup -- <file.tar.gz>`: a consistent backup of DATA_DIR (database, uploads, session secret)
 * made while the site runs. See server/services/backup.server.ts and the README's "Data and backups".
 */
import path from 'node:path'
import { loadEnvOrExit } from '../env.server'
import { BackupError, createBackup } from '../services/backup.server'

const [file] = process.argv.slice(2)
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file.tar.gz>   (backs up DATA_DIR, default ./data)')
  process.exit(2)
}
const env = loadEnvOrExit()
try {
  // npm runs scripts in the project folder; a relative path means the folder the command was typed in.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
  const { file: written, bytes, manifest } = await createBackup(env.dataDir, target)
  const rows = Object.entries(manifest.rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ')
  console.log(`Backup of ${env.dataDir} written to ${written} (${(bytes / 1024 / 1024).toFixed(1)} MB)`)
  console.log(`  ${rows}; ${manifest.uploads.length} uploads`)
  if (manifest.missingUploads.length > 0) {
    console.log(
      `  note: ${manifest.missingUploads.length} uploads named by rows were already missing from the data directory`,
    )
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
