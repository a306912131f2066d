import type { ReactNode } from 'react'
import { EmptyState } from '../console/PageHeader'
import { DataTable } from './DataTable'
import { DataTablePagination } from './DataTablePagination'
import { DataTableToolbar } from './DataTableToolbar'
import type { ServerTable } from './serverTable'
import type { ListStateControls } from './useListState'

type Props<Row extends { _id: string }> = {
  table: ServerTable<Row>
  list: ListStateControls
  status: { loading: boolean; updating: boolean; error: string | null }
  /** Names the table, e.g. 'Events'. */
  label: string
  /** For "Showing 1-20 of 45 {noun}". */
  noun: string
  searchLabel: string
  searchPlaceholder: string
  /** The empty state's title, e.g. 'No Events Found', and what it offers. */
  emptyTitle: string
  emptyAction?: ReactNode
  /** Buttons beside the search box. */
  actions?: ReactNode
  onRowClick?: (row: Row) => void
  rowClassName?: (row: Row) => string
}

/** A console list: search box, the table (or its empty state) and the page controls. */
export function ListTable<Row extends { _id: string }>(props: Props<Row>) {
  const { table, list, status } = props
  return (
    <>
      <DataTableToolbar
        query={list.q}
        onQueryChange={list.setQuery}
        searchLabel={props.searchLabel}
        placeholder={props.searchPlaceholder}
      >
        {props.actions}
      </DataTableToolbar>
      <DataTable
        table={table}
        label={props.label}
        loading={status.loading}
        updating={status.updating}
        error={status.error}
        onRowClick={props.onRowClick}
        rowClassName={props.rowClassName}
        empty={
          <EmptyState title={props.emptyTitle}>
            {list.q ? <p>Nothing matches “{list.q}”.</p> : null}
            {props.emptyAction}
          </EmptyState>
        }
      />
      <DataTablePagination table={table} noun={props.noun} />
    </>
  )
}
