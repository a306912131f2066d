import type { ColumnDef } from '@tanstack/react-table'
import { type ServerTableFeatures, useServerTable } from './serverTable'
import { useListQuery } from './useListQuery'
import { useListState } from './useListState'

/**
 * A console list page's data: the URL's page, sort and search (useListState), that page from the API
 * (useListQuery) and the table over it (useServerTable), ready for ListTable.
 */
export function useConsoleList<Row extends { _id: string }, Key extends string>({
  sortFields,
  columns,
  ...query
}: {
  sortFields: readonly string[]
  columns: ColumnDef<ServerTableFeatures, Row, unknown>[]
  queryKey: readonly unknown[]
  path: string
  rowsKey: Key
  retry?: boolean
  filters?: Record<string, string>
}) {
  const list = useListState(sortFields)
  const status = useListQuery<Row, Key>({ ...query, list })
  const table = useServerTable({ columns, rows: status.rows, total: status.total, list })
  return { list, status, table }
}
