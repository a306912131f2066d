import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { type Database, isDatabaseOpen } from '#db/client.server'
import { type BackupStatus, readBackupStatus, writeBackupStatus } from '#db/queries/backup-status.server'
import type { Env } from '../env.server'
import type { Logger } from '../logger.server'
import { type BackupManifest, createBackup, verifyBackup } from './backup.server'

/**
 * Backups the server takes itself, with the code of `npm run backup` (server/services/backup.server.ts): every
 * BACKUP_INTERVAL_HOURS into BACKUP_DIR, each one verified (unpacked, integrity-checked, row counts
 * compared with its manifest) before any older one is deleted; the last 7 daily and 4 weekly are kept;
 * BACKUP_COMMAND then gets the file to copy it off the machine. The outcome of the latest is kept in
 * app_state, shown by /api/health and, when it failed, on the administrator's dashboard.
 */

const SCHEDULED_NAME = /^chapter-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/
const DAILY_KEPT = 7
const WEEKLY_KEPT = 4
/** The first scheduled backup after a start waits at most this long (the start has work of its own). */
const FIRST_BACKUP_DELAY_MS = 60_000

/** The name of a backup taken at `time`: sortable, and what rotation reads the time from. */
export function backupFileName(time: Date, suffix = ''): string {
  return `chapter-${time.toISOString().replace(/[:.]/g, '-')}${suffix}.tar.gz`
}

function timeOfScheduled(name: string): number | null {
  const match = SCHEDULED_NAME.exec(name)
  if (!match) return null
  const [, year, month, day, hours, minutes, seconds, millis] = match
  return Date.parse(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${millis}Z`)
}

/** The Monday (UTC) of the week holding `time`, as a date: backups of one week share it. */
function weekOf(time: number): string {
  const date = new Date(time)
  const sinceMonday = (date.getUTCDay() + 6) % 7
  return new Date(time - sinceMonday * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Which of the files in a backup folder to keep: the newest backup of each of the 7 latest days that have
 * one, and of each of the 4 latest weeks that have one (UTC). Days and weeks without a backup (the server
 * was off) do not count, so a long pause never empties the folder. Files this schedule did not name
 * (backups taken before migrations, an operator's own) and files dated after `now` (a clock set back) are
 * always kept.
 */
export function backupsToKeep(names: readonly string[], now: Date): Set<string> {
  const keep = new Set<string>()
  const dated: { name: string; time: number }[] = []
  for (const name of names) {
    const time = timeOfScheduled(name)
    if (time === null || Number.isNaN(time) || time > now.getTime()) keep.add(name)
    else dated.push({ name, time })
  }
  dated.sort((a, b) => b.time - a.time)
  const newestOf = (period: (time: number) => string, count: number) => {
    const seen = new Set<string>()
    for (const { name, time } of dated) {
      const key = period(time)
      if (seen.has(key)) continue
      if (seen.size === count) break
      seen.add(key)
      keep.add(name)
    }
  }
  newestOf((time) => new Date(time).toISOString().slice(0, 10), DAILY_KEPT)
  newestOf(weekOf, WEEKLY_KEPT)
  return keep
}

export type VerifiedBackup = { file: string; bytes: number; manifest: BackupManifest }

/** Takes a backup of the data directory into `backupDir` and verifies it; a backup that fails is removed. */
export async function takeVerifiedBackup(env: Env, backupDir: string, suffix = ''): Promise<VerifiedBackup> {
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 })
  const { file, bytes } = await createBackup(
    env.dataDir,
    path.join(backupDir, backupFileName(new Date(), suffix)),
  )
  try {
    const manifest = await verifyBackup(file)
    return { file, bytes, manifest }
  } catch (error) {
    // Not a backup to rely on, nor one to count in the rotation.
    fs.rmSync(file, { force: true })
    throw error
  }
}

/** Runs BACKUP_COMMAND with the file as its one argument ("$1"), as `sh -c '<command> "$1"' sh <file>`. */
export function runBackupCommand(command: string, file: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `${command} "$1"`, 'sh', file], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (chunk: Buffer) => {
      // The end is what says why it failed.
      output = (output + chunk.toString('utf8')).slice(-2000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve(output.trim())
      else
        reject(
          new Error(
            `BACKUP_COMMAND ${signal ? `was killed (${signal})` : `exited with code ${code}`}${output.trim() ? `: ${output.trim()}` : ''}`,
          ),
        )
    })
  })
}

/** Deletes the scheduled backups `backupsToKeep` does not keep; answers the names deleted. */
export function rotateBackups(backupDir: string, now = new Date()): string[] {
  const names = fs.readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'))
  const keep = backupsToKeep(names, now)
  const deleted = names.filter((name) => !keep.has(name))
  for (const name of deleted) fs.rmSync(path.join(backupDir, name), { force: true })
  return deleted
}

export type BackupScheduler = {
  /** Takes a backup now (after the one under way, if any) and answers its outcome. */
  runNow: () => Promise<BackupStatus>
  /** No further backups; waits for the one under way. */
  stop: () => Promise<void>
}

/** Starts the schedule, or answers null with BACKUP_DIR=off. */
export function scheduleBackups(ctx: { db: Database; env: Env; logger: Logger }): BackupScheduler | null {
  const { db, env, logger } = ctx
  const backupDir = env.backupDir
  if (backupDir === null) {
    logger.info('Scheduled backups are off (BACKUP_DIR=off)')
    return null
  }
  const intervalMs = env.BACKUP_INTERVAL_HOURS * 3_600_000
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let underWay: Promise<unknown> = Promise.resolve()

  const backUp = async (): Promise<BackupStatus> => {
    let status: BackupStatus
    let written: string | undefined
    try {
      const started = performance.now()
      const { file, bytes, manifest } = await takeVerifiedBackup(env, backupDir)
      written = path.basename(file)
      logger.info(
        { file, bytes, rows: manifest.rows, ms: Math.round(performance.now() - started) },
        'Backup written and verified',
      )
      if (env.BACKUP_COMMAND) {
        const output = await runBackupCommand(env.BACKUP_COMMAND, file, Math.max(intervalMs, 60_000))
        logger.info({ file, output: output || undefined }, 'BACKUP_COMMAND done')
      }
      status = { at: new Date().toISOString(), ok: true, file: written }
    } catch (error) {
      status = { at: new Date().toISOString(), ok: false, file: written, error: (error as Error).message }
      logger.error({ err: error, file: written }, 'Backup failed')
    }
    try {
      // Only after a verified backup, which the rotation then keeps as the newest.
      if (written !== undefined) {
        const deleted = rotateBackups(backupDir)
        if (deleted.length > 0) logger.info({ deleted }, 'Older backups deleted')
      }
    } catch (error) {
      logger.error({ err: error }, 'Could not delete older backups')
    }
    if (isDatabaseOpen(db)) writeBackupStatus(db, status)
    return status
  }

  const schedule = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      void runNow().finally(() => schedule(intervalMs))
    }, delayMs)
    // A pending backup never keeps the process alive.
    timer.unref()
  }
  const runNow = () => {
    const next = underWay.then(backUp)
    underWay = next.catch(() => {})
    return next
  }

  // Due one interval after the last backup (kept across restarts), but never at the very start.
  const last = readBackupStatus(db)
  const lastAt = last ? Date.parse(last.at) : Number.NaN
  const soonest = Math.min(intervalMs, FIRST_BACKUP_DELAY_MS)
  const due = Number.isNaN(lastAt) ? soonest : lastAt + intervalMs - Date.now()
  schedule(Math.min(intervalMs, Math.max(soonest, due)))

  return {
    runNow,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await underWay
    },
  }
}

/**
 * Before the server applies new migrations to an existing database: a verified backup, so an upgrade that
 * goes wrong can be undone. Answers its status (to store once the database is open), or null when no
 * migration is pending or backups are off. A failure stops the start: no migration without a backup.
 */
export async function backupBeforeMigrations(
  env: Env,
  pending: number,
  logger: Logger,
): Promise<BackupStatus | null> {
  if (pending === 0) return null
  if (env.backupDir === null) {
    logger.warn({ pending }, 'Applying new migrations without a backup first (BACKUP_DIR=off)')
    return null
  }
  const { file, bytes } = await takeVerifiedBackup(env, env.backupDir, '-before-migration')
  logger.info({ file, bytes, pending }, 'Backup taken and verified before applying new migrations')
  return { at: new Date().toISOString(), ok: true, file: path.basename(file) }
}
