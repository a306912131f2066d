import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '#db/client.server'
import { anonymiseOldRegistrations, REGISTRATION_KEEP_DAYS } from '#db/queries/registrations.server'
import { purgeExpired } from '#db/queries/trash.server'
import { usedUploadNames } from '#db/queries/uploads.server'
import type { Logger } from '../logger.server'
import { isVariant, stemOf } from './variants.server'

/** A file no row uses yet may belong to a form someone is still filling in: it is kept this long. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000
/** How often the running server looks for orphans (it also looks once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000

export type OrphanSweep = {
  /** Files removed (or that would be, in a dry run), resized copies included. */
  removed: string[]
  /** Files no row uses, kept because they are younger than ORPHAN_GRACE_MS (not counting their copies). */
  young: string[]
  /** Uploads some row uses (not counting their copies). */
  used: number
}

/**
 * Removes uploaded files that no row uses and that are older than ORPHAN_GRACE_MS, and temporary files a
 * crash left behind. A resized copy (`<hash>-<width>w.webp`, server/uploads/variants.server.ts) goes with
 * its upload: kept while the upload is kept, removed with it; a copy whose upload is gone is judged by its
 * own age. The folder is listed and the files' ages read first, without a lock; then it holds the database's
 * write lock only while it reads which files rows use and deletes, so no row, in this process or another,
 * can start using a file between the check and the deletion. (A file that arrives after the listing is young.)
 */
export function sweepOrphanedUploads(
  db: Database,
  uploadsDir: string,
  options: { now?: number; dryRun?: boolean } = {},
): OrphanSweep {
  const sweep: OrphanSweep = { removed: [], young: [], used: 0 }
  if (!fs.existsSync(uploadsDir)) return sweep
  const cutOff = (options.now ?? Date.now()) - ORPHAN_GRACE_MS
  const files = fs
    .readdirSync(uploadsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
  const young = new Set(
    files.filter(
      (name) => (fs.statSync(path.join(uploadsDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0) > cutOff,
    ),
  )
  const isYoung = (name: string) => young.has(name)
  const remove = (name: string) => {
    if (!options.dryRun) fs.rmSync(path.join(uploadsDir, name), { force: true })
    sweep.removed.push(name)
  }
  const decide = db.$client.transaction(() => {
    const used = usedUploadNames(db)
    // Uploads (and temporary files) first; their copies follow them.
    const keptStems = new Set<string>()
    const removedStems = new Set<string>()
    for (const name of files) {
      if (isVariant(name)) continue
      if (used.has(name)) {
        sweep.used++
        keptStems.add(stemOf(name))
      } else if (isYoung(name)) {
        sweep.young.push(name)
        keptStems.add(stemOf(name))
      } else {
        remove(name)
        removedStems.add(stemOf(name))
      }
    }
    for (const name of files) {
      const variant = isVariant(name)
      if (!variant || keptStems.has(variant.stem)) continue
      if (!removedStems.has(variant.stem) && isYoung(name)) sweep.young.push(name)
      else remove(name)
    }
  })
  decide.immediate()
  return sweep
}

/**
 * The running server's sweeps (the trash, spam and log purge, registrations of events over a year old
 * anonymised, then orphaned uploads): once at start, then every few hours; the timer never keeps the
 * process up. `timeZone` reads the events' dates (TIME_ZONE). Tests give it a clock and a short interval.
 */
export function scheduleOrphanSweeps(
  db: Database,
  uploadsDir: string,
  logger: Logger,
  timeZone: string,
  options: { now?: () => number; intervalMs?: number } = {},
): () => void {
  const now = options.now ?? Date.now
  const run = () => {
    try {
      // The trash first: what it purges now is an orphan for the upload sweep right after.
      const purged = purgeExpired(db, new Date(now()))
      if (purged.items + purged.spam + purged.entries > 0)
        logger.info(purged, 'Purged old trash, spam and activity')
    } catch (error) {
      logger.error({ err: error }, 'Trash purge failed')
    }
    try {
      const anonymised = anonymiseOldRegistrations(db, now(), timeZone, REGISTRATION_KEEP_DAYS)
      if (anonymised > 0) logger.info({ anonymised }, 'Anonymised registrations of past events')
    } catch (error) {
      logger.error({ err: error }, 'Anonymising registrations failed')
    }
    try {
      const sweep = sweepOrphanedUploads(db, uploadsDir, { now: now() })
      if (sweep.removed.length > 0) logger.info({ removed: sweep.removed.length }, 'Removed orphaned uploads')
    } catch (error) {
      logger.error({ err: error }, 'Orphaned upload sweep failed')
    }
  }
  run()
  const timer = setInterval(run, options.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
