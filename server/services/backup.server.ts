import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import * as tar from 'tar'
import { databaseFileName, migrationsFolder } from '#db/client.server'
import { appliedMigrations, countRows, rowCount, tableNames } from '#db/queries/database-file.server'
import { usedUploadNames } from '#db/queries/uploads.server'
import * as schema from '#db/schema'
import { UPLOAD_NAME } from '#db/validation'
import { SESSION_SECRET_FILE } from '../auth/session-secret.server'
import { TICKET_KEY_FILE } from '../auth/ticket-key.server'
import { isVariant } from '../uploads/variants.server'

/**
 * Backups of a data directory (docs/decisions/028-backups-and-restore.md, docs/decisions/020-database-migrations-and-wal.md): one .tar.gz holding a consistent copy of the
 * database made with SQLite's online backup API while the site runs, the uploaded files, the generated
 * session secret and a manifest. Restoring checks all of it before it touches the data directory.
 *
 * Why one archive: a single file to copy off the machine, with nothing that can go missing from it; gzip
 * shrinks the database well, and the images are already compressed.
 */

/**
 * 2: the manifest counts the rows of every table. 1 (still restored and verified): it counted six tables,
 * and only those are compared.
 */
export const BACKUP_FORMAT = 2
const READABLE_FORMATS = new Set([1, BACKUP_FORMAT])
const MANIFEST = 'backup.json'
const UPLOADS = 'uploads'

export type BackupManifest = {
  format: 1 | typeof BACKUP_FORMAT
  createdAt: string
  migrations: number
  /** Rows per table, every table of the database (format 1: six of them). */
  rows: Record<string, number>
  uploads: string[]
  /** Uploads some row names that were not in the data directory when the backup was made. */
  missingUploads: string[]
  sessionSecret: boolean
  /** The master secret of ticket signatures (docs/decisions/079-ticket-keys.md); absent before it existed. */
  ticketKey?: boolean
}

export class BackupError extends Error {
  override name = 'BackupError'
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** Upload names are the first 32 hex characters of their bytes' SHA-256 (server/uploads/store.server.ts). */
const uploadIsWhole = (file: string) => path.basename(file).startsWith(sha256(file).slice(0, 32))

/** A scratch folder inside `dir`, so that hard links and renames stay on one file system. */
function scratchDir(dir: string, purpose: string): string {
  const scratch = path.join(dir, `.${purpose}-${randomBytes(6).toString('hex')}`)
  fs.mkdirSync(scratch, { recursive: true })
  return scratch
}

export type BackupSummary = { file: string; bytes: number; manifest: BackupManifest }

/**
 * Writes a backup of `dataDir` to `file` (which must not exist yet) while the server may be running.
 * The database is copied first, in one step of SQLite's backup API, so the copy is one consistent
 * snapshot; the uploads are taken after it, so every file a row of the snapshot names is there.
 */
export async function createBackup(dataDir: string, file: string): Promise<BackupSummary> {
  const databaseFile = path.join(dataDir, databaseFileName)
  if (!fs.existsSync(databaseFile)) throw new BackupError(`No database in ${dataDir}: nothing to back up.`)
  const target = path.resolve(file)
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name.`)
  if (!fs.existsSync(path.dirname(target)))
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`)

  const staging = scratchDir(dataDir, 'backup')
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`
  try {
    const source = new SQLite(databaseFile, { fileMustExist: true, timeout: 5_000 })
    try {
      // All pages in one step: one read transaction, so concurrent writes cannot make the copy restart.
      await source.backup(path.join(staging, databaseFileName), { progress: () => 0x7fffffff })
    } finally {
      source.close()
    }

    const copy = new SQLite(path.join(staging, databaseFileName))
    let manifest: BackupManifest
    try {
      // A self-contained file: no -wal beside it.
      copy.pragma('journal_mode = DELETE')
      const integrity = copy.pragma('integrity_check', { simple: true })
      if (integrity !== 'ok')
        throw new BackupError(`The database copy failed its integrity check: ${integrity}`)
      const uploadsDir = path.join(dataDir, UPLOADS)
      const uploads = fs.existsSync(uploadsDir)
        ? fs
            .readdirSync(uploadsDir, { withFileTypes: true })
            // Resized copies (docs/decisions/038-resized-image-copies.md) are made again from their upload when the server starts: not kept.
            .filter((entry) => entry.isFile() && UPLOAD_NAME.test(entry.name) && !isVariant(entry.name))
            .map((entry) => entry.name)
            .sort()
        : []
      fs.mkdirSync(path.join(staging, UPLOADS))
      for (const name of uploads) {
        const from = path.join(uploadsDir, name)
        const to = path.join(staging, UPLOADS, name)
        // A hard link costs no space and keeps the file even if it is removed meanwhile.
        try {
          fs.linkSync(from, to)
        } catch {
          fs.copyFileSync(from, to)
        }
      }
      const secret = path.join(dataDir, SESSION_SECRET_FILE)
      const sessionSecret = fs.existsSync(secret)
      if (sessionSecret) fs.copyFileSync(secret, path.join(staging, SESSION_SECRET_FILE))
      // Without it, every ticket already mailed would stop working after a restore.
      const ticketKeyFile = path.join(dataDir, TICKET_KEY_FILE)
      const ticketKey = fs.existsSync(ticketKeyFile)
      if (ticketKey) fs.copyFileSync(ticketKeyFile, path.join(staging, TICKET_KEY_FILE))
      manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        migrations: appliedMigrations(copy),
        rows: countRows(copy),
        uploads,
        missingUploads: [...usedUploadNames(drizzle({ client: copy, schema }))].filter(
          (name) => !uploads.includes(name),
        ),
        sessionSecret,
        ticketKey,
      }
    } finally {
      copy.close()
    }
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)

    const entries = [
      MANIFEST,
      databaseFileName,
      UPLOADS,
      ...(manifest.sessionSecret ? [SESSION_SECRET_FILE] : []),
      ...(manifest.ticketKey ? [TICKET_KEY_FILE] : []),
    ]
    // It holds password hashes and the session secret: readable by this user only.
    fs.writeFileSync(partial, '', { mode: 0o600 })
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries)
    const handle = fs.openSync(partial, 'r')
    fs.fsyncSync(handle)
    fs.closeSync(handle)
    // A link never replaces: a file made at `target` since the check above makes this fail instead of
    // being overwritten (a rename would replace it). The partial name is removed below.
    try {
      fs.linkSync(partial, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupError(`${target} already exists: choose a new file name.`)
      throw error
    }
    return { file: target, bytes: fs.statSync(target).size, manifest }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.rmSync(partial, { force: true })
  }
}

/** True when another connection (a running server) has the database open; the check changes nothing else. */
export function databaseInUse(databaseFile: string): boolean {
  if (!fs.existsSync(databaseFile)) return false
  let db: SQLite.Database | undefined
  try {
    db = new SQLite(databaseFile, { timeout: 0 })
    // Leaving WAL mode needs the only connection; the server puts WAL back when it opens the file.
    db.pragma('journal_mode = DELETE')
    return false
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
    // A damaged database is what a restore is for: not in use.
    return false
  } finally {
    db?.close()
  }
}

/** What a backup holds, checked: the manifest, the database's integrity and schema age, every upload whole. */
function checkExtracted(staging: string): BackupManifest {
  const manifestFile = path.join(staging, MANIFEST)
  if (!fs.existsSync(manifestFile)) throw new BackupError('Not a backup of this site: it has no backup.json.')
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest
  if (!READABLE_FORMATS.has(manifest.format))
    throw new BackupError(`Unknown backup format ${manifest.format}.`)
  const databaseFile = path.join(staging, databaseFileName)
  if (!fs.existsSync(databaseFile)) throw new BackupError('The backup has no database.')
  const db = new SQLite(databaseFile, { fileMustExist: true })
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') throw new BackupError(`The backup's database is damaged: ${integrity}`)
    const known = (
      JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[]
      }
    ).entries.length
    if (appliedMigrations(db) > known) {
      throw new BackupError('The backup comes from a newer version of the site: update the site first.')
    }
  } finally {
    db.close()
  }
  for (const name of manifest.uploads) {
    const file = path.join(staging, UPLOADS, name)
    if (!fs.existsSync(file)) throw new BackupError(`The backup lacks the upload ${name}.`)
    if (!uploadIsWhole(file)) throw new BackupError(`The upload ${name} in the backup is damaged.`)
  }
  return manifest
}

/** Unpacks a backup into `staging`: only what a backup holds, as plain files and folders. */
async function extractBackup(source: string, staging: string): Promise<void> {
  const unexpected: string[] = []
  try {
    await tar.extract({
      file: source,
      cwd: staging,
      strict: true,
      // No links, no paths out of the folder.
      filter: (entryPath, entry) => {
        const name = entryPath.replace(/\/+$/, '')
        const type = 'type' in entry ? entry.type : 'File'
        const allowed =
          ((name === MANIFEST ||
            name === databaseFileName ||
            name === SESSION_SECRET_FILE ||
            name === TICKET_KEY_FILE) &&
            type === 'File') ||
          (name === UPLOADS && type === 'Directory') ||
          (name.startsWith(`${UPLOADS}/`) &&
            UPLOAD_NAME.test(name.slice(UPLOADS.length + 1)) &&
            type === 'File')
        if (!allowed) unexpected.push(entryPath)
        return allowed
      },
    })
  } catch (error) {
    // A truncated or corrupted archive: tar's own message, in the words of this module.
    throw new BackupError(`The archive cannot be read: ${(error as Error).message}`)
  }
  if (unexpected.length > 0) throw new BackupError(`Not a backup of this site: it holds ${unexpected[0]}.`)
}

/** The row counts of a backup's database that differ from what its manifest recorded, as sentences. */
function rowCountMismatches(databaseFile: string, manifest: BackupManifest): string[] {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
  try {
    const present = tableNames(db)
    const recorded = manifest.rows ?? {}
    // Every table on either side: one the manifest names that the database lacks counts 0 rows, and
    // (since format 2 counts every table) one the manifest does not name is a difference too. A format-1
    // manifest named six tables: only those are compared.
    const tables = new Set([...Object.keys(recorded), ...(manifest.format === 1 ? [] : present)])
    const mismatches: string[] = []
    for (const table of [...tables].sort()) {
      const actual = present.includes(table) ? rowCount(db, table) : 0
      const says = recorded[table]
      if (says === undefined) mismatches.push(`${table}: ${actual} rows, the manifest does not name it`)
      else if (says !== actual) mismatches.push(`${table}: ${actual} rows, the manifest says ${says}`)
    }
    return mismatches
  } finally {
    db.close()
  }
}

/**
 * Checks a backup file as a restore would, without touching any data directory: the archive opens, holds
 * only what a backup holds, its database passes SQLite's integrity check and is no newer than the code,
 * every upload is whole, and the row counts are those its manifest recorded. Throws a BackupError saying
 * what is wrong; answers the manifest. Unpacks into a scratch folder beside the file, removed after.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`)
  const staging = scratchDir(path.dirname(source), 'verify')
  try {
    await extractBackup(source, staging)
    const manifest = checkExtracted(staging)
    const mismatches = rowCountMismatches(path.join(staging, databaseFileName), manifest)
    if (mismatches.length > 0) throw new BackupError(`Row counts differ: ${mismatches.join('; ')}.`)
    return manifest
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** The row counts of a data directory's database against a manifest (after a restore). */
export function compareRowCounts(dataDir: string, manifest: BackupManifest): string[] {
  return rowCountMismatches(path.join(dataDir, databaseFileName), manifest)
}

export type RestoreSummary = { manifest: BackupManifest; movedAside: string | null }

/**
 * Restores `file` into `dataDir`. An existing, non-empty data directory is refused unless `force`; with
 * `force` it is refused still while a server uses its database, and otherwise its contents are moved
 * aside into a hidden folder inside it (printed), never deleted.
 */
export async function restoreBackup(file: string, dataDir: string, force: boolean): Promise<RestoreSummary> {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist.`)
  fs.mkdirSync(dataDir, { recursive: true })
  // Hidden entries are this module's own scratch and moved-aside folders.
  const visible = fs.readdirSync(dataDir).filter((name) => !name.startsWith('.'))
  if (visible.length > 0 && !force) {
    throw new BackupError(
      `${dataDir} is not empty (${visible.slice(0, 3).join(', ')}${visible.length > 3 ? ', ...' : ''}). ` +
        'Pass --force to replace its contents (they are moved aside, not deleted).',
    )
  }

  const staging = scratchDir(dataDir, 'restore')
  try {
    await extractBackup(source, staging)
    const manifest = checkExtracted(staging)

    let movedAside: string | null = null
    if (visible.length > 0) {
      if (databaseInUse(path.join(dataDir, databaseFileName))) {
        throw new BackupError(`A running server is using ${dataDir}: stop it first, then restore.`)
      }
      movedAside = path.join(dataDir, `.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`)
      fs.mkdirSync(movedAside)
      for (const name of visible) fs.renameSync(path.join(dataDir, name), path.join(movedAside, name))
    }
    for (const name of fs.readdirSync(staging)) {
      if (name === MANIFEST) continue
      fs.renameSync(path.join(staging, name), path.join(dataDir, name))
    }
    if (!fs.existsSync(path.join(dataDir, UPLOADS))) fs.mkdirSync(path.join(dataDir, UPLOADS))
    return { manifest, movedAside }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
