import { type AnyColumn, asc, desc, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Queryable } from '../client.server'

/** A list request as listQuerySchema (db/validation.ts) reads it: all optional (decisions §9). */
export type ListOptions = { page?: number; pageSize?: number; sort?: string; q?: string }

export type ListPage<Row> = { rows: Row[]; total: number }

/** The page size when a client asks for a page without saying how long (the console's tables show 20). */
export const DEFAULT_PAGE_SIZE = 20

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

export function countWhere(db: Queryable, table: SQLiteTable, where: SQL | undefined): number {
  return db.select({ count: sql<number>`count(*)` }).from(table).where(where).get()?.count ?? 0
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
