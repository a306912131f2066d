import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema'

/** The open connection (one per process). */
export type Database = BetterSQLite3Database<typeof schema> & { $client: SQLite.Database }

/** What query functions take first: the connection or a transaction on it. */
export type Queryable = BaseSQLiteDatabase<'sync', SQLite.RunResult, typeof schema>

/** Relative to the project folder, which every entry point (start.mjs, dev, tests) runs in. */
export const migrationsFolder = path.resolve('db', 'migrations')

export const databaseFileName = 'chapter.db'

/**
 * Opens (creating if needed) the SQLite file with the settings every connection needs:
 * WAL so readers never wait for the writer, foreign keys enforced, a busy timeout instead of
 * immediate SQLITE_BUSY, and synchronous=FULL so an acknowledged write survives power loss.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = FULL')
  return drizzle({ client: sqlite, schema })
}

/** Applies the committed migrations in db/migrations; a no-op when the schema is current. */
export function migrateDatabase(db: Database): void {
  migrate(db, { migrationsFolder })
}

/** Opens the database file inside the data directory and brings its schema up to date. */
export function openDataDirDatabase(dataDir: string): Database {
  const db = openDatabase(path.join(dataDir, databaseFileName))
  migrateDatabase(db)
  return db
}
