/**
 * `npm run backup:verify -- <file.tar.gz>`: proves a backup can be restored. Checks the archive (integrity,
 * uploads, row counts against its manifest), restores it into a temporary folder, starts the real server
 * on it (a free loopback port, no backups of its own, nothing seeded), asks /api/health and the home
 * page, then stops it and removes the folder. Prints what it checked; exits 0 when all of it passed, 1 if
 * not. The live data directory is never touched.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { compareRowCounts, restoreBackup, verifyBackup } from '../services/backup.server'

const [file] = process.argv.slice(2)
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run backup:verify -- <file.tar.gz>')
  process.exit(2)
}
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
const STARTUP_TIMEOUT_MS = 90_000

type Started = { url: string; stop: () => Promise<void> }

/** The production server (what `npm start` runs) on `dataDir`, listening on a free loopback port. */
function startServerOn(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--max-old-space-size=160', path.join('server', 'start.mjs')], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      BACKUP_DIR: 'off',
      BACKUP_COMMAND: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`the server did not start within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`))
    }, STARTUP_TIMEOUT_MS)
    const read = (chunk: Buffer) => {
      output += chunk
      const ready = /ready at (http:\/\/localhost:\d+)/.exec(output)
      if (ready?.[1]) {
        clearTimeout(timer)
        resolve({ url: ready[1].replace('localhost', '127.0.0.1'), stop })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`the server exited before it was ready:\n${output.trim()}`))
    })
  })
}

const problems: string[] = []
const report = (line: string) => console.log(`  ${line}`)
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'chapter-backup-verify-'))
console.log(`Verifying ${source}`)
try {
  const manifest = await verifyBackup(source)
  const rows = Object.entries(manifest.rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ')
  report(
    `archive: whole, database integrity ok, taken ${manifest.createdAt}, ${manifest.migrations} migrations`,
  )
  report(`holds: ${rows}; ${manifest.uploads.length} uploads`)

  const dataDir = path.join(scratch, 'data')
  await restoreBackup(source, dataDir, false)
  const mismatches = compareRowCounts(dataDir, manifest)
  if (mismatches.length > 0) problems.push(`restored row counts differ: ${mismatches.join('; ')}`)
  else report(`restored into ${dataDir}: row counts match the manifest`)

  const server = await startServerOn(dataDir)
  try {
    const health = await fetch(`${server.url}/api/health`)
    const body = (await health.json().catch(() => null)) as { success?: boolean; ok?: boolean } | null
    if (health.status !== 200 || body?.success !== true || body.ok !== true)
      problems.push(`/api/health answered ${health.status} ${JSON.stringify(body)}`)
    else report('server started on the restored data: /api/health ok')
    const home = await fetch(`${server.url}/`)
    if (home.status !== 200) problems.push(`the home page answered ${home.status}`)
    else report('the home page renders (200)')
  } finally {
    await server.stop()
  }
} catch (error) {
  // A BackupError says what is wrong with the backup; anything else (a damaged file SQLite cannot open,
  // a server that would not start) is as much a failure of this backup.
  problems.push(error instanceof Error ? error.message : String(error))
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}

if (problems.length > 0) {
  for (const problem of problems) report(`FAILED: ${problem}`)
  console.log('Backup verification FAILED')
  process.exit(1)
}
console.log('Backup verified: it restores and the site runs on it')
