import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { api } from '../console/api'
import { type ServerTableFeatures, useServerTable, useWholeListTable } from './serverTable'
import { listStatus, useListQuery } from './useListQuery'
import { useListState } from './useListState'

/**
 * A console list page's data: the URL's page, sort and search (useListState), that page from the API
 * (useListQuery) and the table over it (useServerTable), ready for ListTable.
 */
export function useConsoleList<Row extends { _id: string }, Key extends string>({
  sortFields,
  searchable,
  columns,
  shape,
  ...query
}: {
  sortFields: readonly string[]
  /** False for a list the API does not search (no `q`). */
  searchable?: boolean
  columns: ColumnDef<ServerTableFeatures, Row, unknown>[]
  queryKey: readonly unknown[]
  path: string
  rowsKey: Key
  retry?: boolean
  filters?: Record<string, string>
  /** The list's own page size, when not the console's usual one. */
  pageSize?: number
  /** Rows as the table shows them, made from the page the API answered (the log folds uploads). */
  shape?: (rows: Row[]) => Row[]
}) {
  const list = useListState(sortFields, searchable)
  const status = useListQuery<Row, Key>({ ...query, list })
  const rows = useMemo(() => (shape ? shape(status.rows) : status.rows), [shape, status.rows])
  const table = useServerTable({
    columns,
    rows,
    total: status.total,
    list,
    pageSize: query.pageSize,
  })
  return { list, status: { ...status, rows }, table }
}

/**
 * A console list the API answers whole, without pages or search (the people of a group, a few dozen at
 * most): its rows from `path` and the table over them, ready for ListTable without `list`.
 */
export function useWholeConsoleList<Row extends { _id: string }, Key extends string>({
  columns,
  queryKey,
  path,
  rowsKey,
  shape,
}: {
  columns: ColumnDef<ServerTableFeatures, Row, unknown>[]
  queryKey: readonly unknown[]
  path: string
  rowsKey: Key
  /** Rows as the table shows them, made from what the API answered (the committees in their kinds' order). */
  shape?: (rows: Row[]) => Row[]
}) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<Record<Key, Row[]>>(path, { signal }),
  })
  const answered = query.data?.[rowsKey]
  const rows = useMemo(() => {
    const list = answered ?? []
    return shape ? shape(list) : list
  }, [shape, answered])
  const table = useWholeListTable({ columns, rows })
  return { status: { rows, ...listStatus(query) }, table }
}
