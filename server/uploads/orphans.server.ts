import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../../db/client.server'
import { usedUploadNames } from '../../db/queries/uploads.server'
import type { Logger } from '../logger.server'

/** A file no row uses yet may belong to a form someone is still filling in: it is kept this long. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000
/** How often the running server looks for orphans (it also looks once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000

export type OrphanSweep = {
  /** Files removed (or that would be, in a dry run). */
  removed: string[]
  /** Files no row uses, kept because they are younger than ORPHAN_GRACE_MS. */
  young: string[]
  /** Files some row uses. */
  used: number
}

/**
 * Removes uploaded files that no row uses and that are older than ORPHAN_GRACE_MS, and temporary files a
 * crash left behind. It holds the database's write lock while it decides and deletes, so no row, in this
 * process or another, can start using a file between the check and the deletion.
 */
export function sweepOrphanedUploads(
  db: Database,
  uploadsDir: string,
  options: { now?: number; dryRun?: boolean } = {},
): OrphanSweep {
  const sweep: OrphanSweep = { removed: [], young: [], used: 0 }
  if (!fs.existsSync(uploadsDir)) return sweep
  const cutOff = (options.now ?? Date.now()) - ORPHAN_GRACE_MS
  const decide = db.$client.transaction(() => {
    const used = usedUploadNames(db)
    for (const entry of fs.readdirSync(uploadsDir, { withFileTypes: true })) {
      if (!entry.isFile()) continue
      if (used.has(entry.name)) {
        sweep.used++
        continue
      }
      const file = path.join(uploadsDir, entry.name)
      if (fs.statSync(file).mtimeMs > cutOff) {
        sweep.young.push(entry.name)
        continue
      }
      if (!options.dryRun) fs.rmSync(file, { force: true })
      sweep.removed.push(entry.name)
    }
  })
  decide.immediate()
  return sweep
}

/** The running server's sweeps: once at start, then every few hours; the timer never keeps the process up. */
export function scheduleOrphanSweeps(db: Database, uploadsDir: string, logger: Logger): () => void {
  const run = () => {
    try {
      const sweep = sweepOrphanedUploads(db, uploadsDir)
      if (sweep.removed.length > 0) logger.info({ removed: sweep.removed.length }, 'Removed orphaned uploads')
    } catch (error) {
      logger.error({ err: error }, 'Orphaned upload sweep failed')
    }
  }
  run()
  const timer = setInterval(run, ORPHAN_SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
