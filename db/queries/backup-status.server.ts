import type { Queryable } from '../client.server'
import { readAppState, writeAppState } from './app-state.server'

/** The outcome of the latest backup the server took (scheduled or before migrations). */
export type BackupStatus = {
  /** When it ended, ISO 8601. */
  at: string
  ok: boolean
  /** The backup file's name (in BACKUP_DIR), when one was written. */
  file?: string
  /** What went wrong, for the operator. */
  error?: string
}

const BACKUP_STATUS_KEY = 'backup.last'

export function readBackupStatus(db: Queryable): BackupStatus | null {
  const stored = readAppState(db, BACKUP_STATUS_KEY)
  if (stored === undefined) return null
  try {
    return JSON.parse(stored) as BackupStatus
  } catch {
    return null
  }
}

export function writeBackupStatus(db: Queryable, status: BackupStatus): void {
  writeAppState(db, BACKUP_STATUS_KEY, JSON.stringify(status))
}
