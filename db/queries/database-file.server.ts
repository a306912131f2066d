import type SQLite from 'better-sqlite3'
import { sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'

/**
 * What the operator's tools ask of the database file itself (backups, restores, the health check): which
 * tables it has, how many rows each, how many migrations it has had.
 */

/** The database's tables, as SQLite lists them (its own `sqlite_*` tables aside): a new table counts at once. */
export function tableNames(db: SQLite.Database): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[]
}

export const rowCount = (db: SQLite.Database, table: string) =>
  db
    .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
    .pluck()
    .get() as number

/** Rows per table, every table the database has. */
export function countRows(db: SQLite.Database): Record<string, number> {
  return Object.fromEntries(tableNames(db).map((table) => [table, rowCount(db, table)]))
}

export function appliedMigrations(db: SQLite.Database): number {
  return db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number
}

/** Throws when the database does not answer a read (the health check's question). */
export function checkDatabaseAnswers(db: Queryable): void {
  db.get(sql`SELECT count(*) AS people FROM users`)
}
