import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { sha256Hex } from './hash.server'
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
 * immediate SQLITE_BUSY, and synchronous=FULL so an acknowledged write survives power loss. SQLite has no
 * SHA-256: `sha256_hex(text)` is ours, for the migration that stores session ids as their hashes.
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = FULL')
  sqlite.function('sha256_hex', { deterministic: true }, (text) => sha256Hex(String(text)))
  const db = drizzle({ client: sqlite, schema })
  // Every transaction takes the write lock when it begins (BEGIN IMMEDIATE), unless its caller says
  // otherwise. A deferred one reads first and asks for the lock at its first write: when another process
  // (the people CLI, a script, a test) wrote meanwhile, SQLite refuses it at once (SQLITE_BUSY_SNAPSHOT)
  // instead of waiting out the busy timeout, and a sign-in answered 500.
  const transaction = db.transaction.bind(db)
  db.transaction = ((change, config) =>
    transaction(change, { behavior: 'immediate', ...config })) as typeof db.transaction
  return db
}

/**
 * Applies the committed migrations in db/migrations; a no-op when the schema is current. Content a migration
 * deletes or rewrites is overwritten as its pages are freed (secure_delete), so a table rebuilt to drop a
 * secret (such as session tokens) leaves none of it in the file.
 */
export function migrateDatabase(db: Database): void {
  const secureDelete = db.$client.pragma('secure_delete', { simple: true })
  db.$client.pragma('secure_delete = ON')
  try {
    migrate(db, { migrationsFolder })
  } finally {
    db.$client.pragma(`secure_delete = ${Number(secureDelete)}`)
  }
}

/**
 * How many committed migrations an existing database has not had yet: those of the journal newer than the
 * last one applied, as drizzle's migrator decides. 0 for a database that does not exist yet or has none
 * applied (a new one: nothing in it to lose).
 */
export function pendingMigrations(file: string): number {
  if (!fs.existsSync(file)) return 0
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[]
  }
  // Read and write, though only read: a read-only connection cannot recover a WAL left by a crash.
  const sqlite = new SQLite(file, { fileMustExist: true })
  try {
    const table = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get()
    if (!table) return 0
    const last = sqlite.prepare('SELECT max(created_at) FROM __drizzle_migrations').pluck().get() as
      | number
      | null
    if (last === null) return 0
    return journal.entries.filter((entry) => entry.when > Number(last)).length
  } finally {
    sqlite.close()
  }
}

/** Opens the database file inside the data directory and brings its schema up to date. */
export function openDataDirDatabase(dataDir: string): Database {
  const db = openDatabase(path.join(dataDir, databaseFileName))
  migrateDatabase(db)
  return db
}

/** The connection a Queryable runs on: the database and every transaction on it share drizzle's session. */
function connectionOf(db: Queryable): object {
  return (db as unknown as { session: object }).session
}

/**
 * A query that is built and prepared once per connection and then run with its placeholders' values
 * (`sql.placeholder`), for paths that run it thousands of times a second: building a query with drizzle
 * and preparing its SQL again each time was most of a registration's CPU time
 * (docs/decisions/087-registration-burst-costs.md). A transaction uses the statement its connection
 * prepared.
 */
export function preparedQuery<Prepared>(build: (db: Queryable) => Prepared): (db: Queryable) => Prepared {
  const byConnection = new WeakMap<object, Prepared>()
  return (db) => {
    const connection = connectionOf(db)
    let prepared = byConnection.get(connection)
    if (prepared === undefined) {
      prepared = build(db)
      byConnection.set(connection, prepared)
    }
    return prepared
  }
}

/**
 * `run` as a savepoint of the caller's transaction (or a transaction of its own), with statements
 * better-sqlite3 prepares once: drizzle's nested transaction prepares its SAVEPOINT each time, which a
 * burst of registrations feels.
 */
export function savepointed<Args extends unknown[], Result>(
  db: Database,
  run: (...args: Args) => Result,
): (...args: Args) => Result {
  return db.$client.transaction(run)
}

/** Whether the connection is still open (a shutdown closes it while timers may still fire). */
export const isDatabaseOpen = (db: Database): boolean => db.$client.open
