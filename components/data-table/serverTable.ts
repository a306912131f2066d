import {
  type ColumnDef,
  functionalUpdate,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { useMemo } from 'react'
import { useApiLimits } from '../console/apiLimits'
import type { ListStateControls } from './useListState'

/** Every console table: sorting and paging, both done by the API (manualSorting, manualPagination). */
const serverTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  /**
   * Per column: classes for its header and cells (width, alignment, hidden on small screens), and its
   * part in the card a row becomes below 640 px: the card's title, its actions, or left out (false).
   */
  columnMeta: {} as { className?: string; card?: 'title' | 'actions' | false },
})
export type ServerTableFeatures = typeof serverTableFeatures

const toSorting = (sort: string): SortingState =>
  sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : []
const fromSorting = (sorting: SortingState): string => {
  const first = sorting[0]
  return first ? `${first.desc ? '-' : ''}${first.id}` : ''
}

/**
 * A TanStack Table v9 instance over one page of rows from the API. Its sorting and pagination state
 * is the URL's (useListState); changing either writes the URL, which refetches the page.
 */
export function useServerTable<Row extends { _id: string }>({
  columns,
  rows,
  total,
  list,
  pageSize: ownPageSize,
}: {
  columns: ColumnDef<ServerTableFeatures, Row, unknown>[]
  rows: Row[]
  total: number
  list: ListStateControls
  /** The list's own page size, when not the console's usual one. */
  pageSize?: number | undefined
}) {
  const sorting = useMemo(() => toSorting(list.sort), [list.sort])
  const limits = useApiLimits()
  const pageSize = ownPageSize ?? limits.pageSize
  const pagination: PaginationState = { pageIndex: list.page - 1, pageSize }
  return useTable({
    features: serverTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row._id,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    autoResetPageIndex: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => list.setSort(fromSorting(functionalUpdate(updater, sorting))),
    onPaginationChange: (updater) => list.setPage(functionalUpdate(updater, pagination).pageIndex + 1),
  })
}

/** The URL state of a list shown whole: its one page, in the API's order, and nothing to change. */
const ONE_PAGE: ListStateControls = {
  page: 1,
  sort: '',
  q: '',
  setPage: () => {},
  setSort: () => {},
  setQuery: () => {},
}

/**
 * The same table over a list the API answers whole, in the API's order (the people of a group): one
 * page, nothing sorted or paged here.
 */
export function useWholeListTable<Row extends { _id: string }>({
  columns,
  rows,
}: {
  columns: ColumnDef<ServerTableFeatures, Row, unknown>[]
  rows: Row[]
}): ServerTable<Row> {
  return useServerTable({
    columns,
    rows,
    total: rows.length,
    list: ONE_PAGE,
    pageSize: Math.max(1, rows.length),
  })
}

export type ServerTable<Row extends { _id: string }> = ReturnType<typeof useServerTable<Row>>
