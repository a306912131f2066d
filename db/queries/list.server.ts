import type SQLite from 'better-sqlite3'
import { type AnyColumn, asc, desc, getTableName, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Queryable } from '../client.server'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX } from '../list-params'

/** A list request as listQuerySchema (db/validation.ts) reads it: all optional (docs/decisions/009-ids-and-list-parameters.md). */
export type ListOptions = { page?: number; pageSize?: number; sort?: string; q?: string }

export type ListPage<Row> = { rows: Row[]; total: number }

/**
 * LIMIT and OFFSET in SQL: no answer carries more than PAGE_SIZE_MAX rows, whatever the table holds.
 * Without page and pageSize, the first page at that size (the total tells a client there is more).
 */
export function paged<Query extends SQLiteSelect>(query: Query, options: ListOptions): Query {
  const { limit, offset } = pageWindow(options)
  return query.limit(limit).offset(offset)
}

/** The rows a list request asks for, as LIMIT and OFFSET (see paged). */
export function pageWindow(options: ListOptions): { limit: number; offset: number } {
  const unpaged = options.page === undefined && options.pageSize === undefined
  const limit = options.pageSize ?? (unpaged ? PAGE_SIZE_MAX : DEFAULT_PAGE_SIZE)
  return { limit, offset: ((options.page ?? 1) - 1) * limit }
}

/** The LIKE pattern of a search `q` (`%`, `_` and `\` in q match themselves), or undefined for no search. */
export function searchPattern(q: string | undefined): string | undefined {
  const term = q?.trim()
  if (!term) return undefined
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** A case-insensitive substring search of `q` in any of the columns; `%`, `_` and `\` in q match themselves. */
export function matchingAny(columns: SQLWrapper[], q: string | undefined): SQL | undefined {
  const pattern = searchPattern(q)
  return pattern === undefined ? undefined : matchingPattern(columns, pattern)
}

/** Any of the columns LIKE `pattern` (a value, or a placeholder of a prepared statement). */
export function matchingPattern(columns: SQLWrapper[], pattern: unknown): SQL | undefined {
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

/**
 * Values kept until the connection's data changes, at most `limit` of them (a list's searches would
 * otherwise grow it without end). `version` is what dataVersionOf says the data looks like now.
 */
export class KeptUntilDataChanges<Value> {
  private version = ''
  private readonly values = new Map<string, Value>()
  constructor(private readonly limit: number) {}

  /** The value under `key` while the data is at `version` still, else `make()`'s, kept. */
  get(version: string, key: string, make: () => Value): Value {
    if (version !== this.version) {
      this.version = version
      this.values.clear()
    }
    const known = this.values.get(key)
    if (known !== undefined) return known
    const made = make()
    if (this.values.size >= this.limit) this.values.clear()
    this.values.set(key, made)
    return made
  }
}

/** What is kept per connection: list totals, and how to tell the data changed. */
type ConnectionCache = {
  versionOf: () => string
  counts: KeptUntilDataChanges<number>
}
const connectionCaches = new WeakMap<SQLite.Database, ConnectionCache>()
/** Counts kept per connection at most. */
const MAX_CACHED_COUNTS = 500

/**
 * The connection's cache. Its version is what the connection's data looks like now: `data_version` moves
 * when another connection commits, and `total_changes()` with every row this one inserts, updates or
 * deletes (foreign-key actions included).
 */
function connectionCacheOf(client: SQLite.Database): ConnectionCache {
  let cache = connectionCaches.get(client)
  if (!cache) {
    const dataVersion = client.prepare('PRAGMA data_version').pluck()
    const totalChanges = client.prepare('SELECT total_changes()').pluck()
    cache = {
      versionOf: () => `${dataVersion.get()}:${totalChanges.get()}`,
      counts: new KeptUntilDataChanges(MAX_CACHED_COUNTS),
    }
    connectionCaches.set(client, cache)
  }
  return cache
}

/**
 * What the data of `db`'s connection looks like now, as a text that changes whenever it does (on this
 * connection or another): what a value kept until the data changes is kept under. Undefined inside a
 * transaction, where nothing may be kept (a rollback leaves total_changes() where it was).
 */
export function dataVersionOf(db: Queryable): string | undefined {
  const client = clientOutsideTransaction(db)
  return client ? connectionCacheOf(client).versionOf() : undefined
}

/**
 * The number of `table`'s rows matching `where`. count(*) reads every matching index entry: at 100k events
 * a page's total cost more than the page (docs/decisions/040-list-indexes-keyset-and-totals.md). So the count is kept until the data changes, for this
 * connection or any other; inside a transaction it is always counted afresh (a rollback leaves
 * total_changes() where it was).
 */
export function countWhere(db: Queryable, table: SQLiteTable, where: SQL | undefined): number {
  const query = db.select({ count: sql<number>`count(*)` }).from(table).where(where)
  const client = clientOutsideTransaction(db)
  if (!client) return query.get()?.count ?? 0
  const { sql: text, params } = query.toSQL()
  return cachedCount(client, `${text}\0${JSON.stringify(params)}`, () => query.get()?.count ?? 0)
}

/** The connection of `db` when it is not inside a transaction (where nothing may be kept), else undefined. */
function clientOutsideTransaction(db: Queryable): SQLite.Database | undefined {
  const client = '$client' in db ? (db.$client as SQLite.Database) : undefined
  return client && !client.inTransaction ? client : undefined
}

/** The count under `key` while the data has not changed since it was counted, else `count()`'s. */
function cachedCount(client: SQLite.Database, key: string, count: () => number): number {
  const cache = connectionCacheOf(client)
  return cache.counts.get(cache.versionOf(), key, count)
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

/**
 * A list query whose SQL depends only on `key` (which filters are present, the sort), with the values in
 * `params` for its placeholders (`sql.placeholder(name)`). Building the SQL with Drizzle and preparing it
 * cost three times the query itself on the events API's first page, so each shape is built and prepared
 * once per connection; only the values change from request to request.
 */
export type ListShape = {
  key: string
  params: Record<string, unknown>
  where: SQL | undefined
  order: SQL[]
}

type PreparedList = {
  rows: { all: (params: Record<string, unknown>) => unknown[] }
  count: { get: (params: Record<string, unknown>) => { count: number } | undefined }
}
const preparedLists = new WeakMap<SQLite.Database, Map<string, PreparedList>>()
/** Shapes kept per connection at most (a list has a few dozen: filters times sort orders). */
const MAX_PREPARED_SHAPES = 500

function prepareList(db: Queryable, table: SQLiteTable, shape: ListShape): PreparedList {
  return {
    rows: db
      .select()
      .from(table)
      .where(shape.where)
      .orderBy(...shape.order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
    count: db.select({ count: sql<number>`count(*)` }).from(table).where(shape.where).prepare(),
  }
}

/** selectPage for a query of a fixed shape: its statements prepared once, its count kept as countWhere's. */
export function selectShapedPage<Table extends SQLiteTable>(
  db: Queryable,
  table: Table,
  shape: ListShape,
  options: ListOptions,
): ListPage<Table['$inferSelect']> {
  const window = pageWindow(options)
  const client = clientOutsideTransaction(db)
  if (!client) {
    const once = prepareList(db, table, shape)
    const rows = once.rows.all({ ...shape.params, ...window }) as Table['$inferSelect'][]
    return { rows, total: once.count.get(shape.params)?.count ?? 0 }
  }
  let shapes = preparedLists.get(client)
  if (!shapes) {
    shapes = new Map()
    preparedLists.set(client, shapes)
  }
  const key = `${getTableName(table)}\0${shape.key}`
  let prepared = shapes.get(key)
  if (!prepared) {
    if (shapes.size >= MAX_PREPARED_SHAPES) shapes.clear()
    prepared = prepareList(db, table, shape)
    shapes.set(key, prepared)
  }
  const statements = prepared
  const rows = statements.rows.all({ ...shape.params, ...window }) as Table['$inferSelect'][]
  const total = cachedCount(client, `${key}\0${JSON.stringify(shape.params)}`, () => {
    return statements.count.get(shape.params)?.count ?? 0
  })
  return { rows, total }
}
