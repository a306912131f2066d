import type SQLite from 'better-sqlite3'
import { type AnyColumn, asc, desc, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Queryable } from '../client.server'
import { DEFAULT_PAGE_SIZE } from '../list-params'

/** A list request as listQuerySchema (db/validation.ts) reads it: all optional (decisions §9). */
export type ListOptions = { page?: number; pageSize?: number; sort?: string; q?: string }

export type ListPage<Row> = { rows: Row[]; total: number }

/** LIMIT and OFFSET in SQL when a page was asked for; without page and pageSize the whole list. */
export function paged<Query extends SQLiteSelect>(query: Query, options: ListOptions): Query {
  if (options.page === undefined && options.pageSize === undefined) return query
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE
  return query.limit(pageSize).offset(((options.page ?? 1) - 1) * pageSize)
}

/** A case-insensitive substring search of `q` in any of the columns; `%`, `_` and `\` in q match themselves. */
export function matchingAny(columns: SQLWrapper[], q: string | undefined): SQL | undefined {
  const term = q?.trim()
  if (!term) return undefined
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return or(...columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`))
}

/** Text sorts ignore case (ASCII), as people read lists; the matching indexes use the same collation. */
export const caseless = (column: AnyColumn) => sql`${column} COLLATE NOCASE`

/**
 * ORDER BY for `sort` ("field" ascending, "-field" descending): the field's keys, then the id so that
 * pages never overlap. Without a sort, the list's own order.
 */
export function sortOrder<Field extends string>(
  sort: string | undefined,
  keys: Record<Field, SQLWrapper[]>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback
  const descending = sort.startsWith('-')
  const field = (descending ? sort.slice(1) : sort) as Field
  const direction = descending ? desc : asc
  const columns = Object.hasOwn(keys, field) ? keys[field] : undefined
  if (!columns) return fallback
  return [...columns.map((column) => direction(column)), direction(id)]
}

type CountCache = { version: string; counts: Map<string, number>; versionOf: () => string }
const countCaches = new WeakMap<SQLite.Database, CountCache>()
/** Counts kept per connection at most; a list's searches would otherwise grow it without end. */
const MAX_CACHED_COUNTS = 500

/**
 * What the connection's data looks like now: `data_version` moves when another connection commits, and
 * `total_changes()` with every row this one inserts, updates or deletes (foreign-key actions included).
 */
function countCacheOf(client: SQLite.Database): CountCache {
  let cache = countCaches.get(client)
  if (!cache) {
    const dataVersion = client.prepare('PRAGMA data_version').pluck()
    const totalChanges = client.prepare('SELECT total_changes()').pluck()
    cache = {
      version: '',
      counts: new Map(),
      versionOf: () => `${dataVersion.get()}:${totalChanges.get()}`,
    }
    countCaches.set(client, cache)
  }
  return cache
}

/**
 * The number of `table`'s rows matching `where`. count(*) reads every matching index entry: at 100k events
 * a page's total cost more than the page (issue 6). So the count is kept until the data changes, for this
 * connection or any other; inside a transaction it is always counted afresh (a rollback leaves
 * total_changes() where it was).
 */
export function countWhere(db: Queryable, table: SQLiteTable, where: SQL | undefined): number {
  const query = db.select({ count: sql<number>`count(*)` }).from(table).where(where)
  const client = '$client' in db ? (db.$client as SQLite.Database) : undefined
  if (!client || client.inTransaction) return query.get()?.count ?? 0
  const cache = countCacheOf(client)
  const version = cache.versionOf()
  if (version !== cache.version) {
    cache.version = version
    cache.counts.clear()
  }
  const { sql: text, params } = query.toSQL()
  const key = `${text}\0${JSON.stringify(params)}`
  const known = cache.counts.get(key)
  if (known !== undefined) return known
  const count = query.get()?.count ?? 0
  if (cache.counts.size >= MAX_CACHED_COUNTS) cache.counts.clear()
  cache.counts.set(key, count)
  return count
}

/** One page of a table's rows matching `where` in `order`, with the number of all matching rows. */
export function selectPage<Table extends SQLiteTable>(
  db: Queryable,
  table: Table,
  where: SQL | undefined,
  order: SQL[],
  options: ListOptions,
): ListPage<Table['$inferSelect']> {
  const query = db
    .select()
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  return { rows: paged(query, options).all() as Table['$inferSelect'][], total: countWhere(db, table, where) }
}
