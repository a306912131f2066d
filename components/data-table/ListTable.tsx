import type { ReactNode } from 'react'
import { EmptyState } from '../console/PageHeader'
import { type BulkAction, BulkBar, type BulkDelete } from './BulkBar'
import { DataTable } from './DataTable'
import { DataTablePagination } from './DataTablePagination'
import { DataTableToolbar } from './DataTableToolbar'
import type { Shortcut } from './keyboard'
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog'
import type { ServerTable } from './serverTable'
import type { ListStatus } from './useListQuery'
import type { ListStateControls } from './useListState'
import { useTableKeyboard } from './useTableKeyboard'

/** A list the API pages: the URL's page, sort and search (useConsoleList), and how the list names its rows. */
type Paged = {
  list: ListStateControls
  /** For "Showing 1-20 of 45 {noun}". */
  noun: string
  /** A total the API stops counting at (the activity log's 10,000): more reads "more than 10,000". */
  totalCap?: number
  /** The search box (the API's `q`); without it the list has none. */
  searchLabel?: string
  searchPlaceholder?: string
}

/** A list the API answers whole (useWholeConsoleList): one page, no search. */
type Whole = { list?: undefined; noun?: undefined; totalCap?: undefined; searchLabel?: undefined }

type Props<Row extends { _id: string }> = (Paged | Whole) & {
  table: ServerTable<Row>
  status: ListStatus
  /** Names the table, e.g. 'Events'. */
  label: string
  /** The empty state's title, e.g. 'No Events Found', and what it offers. */
  emptyTitle: string
  emptyAction?: ReactNode
  /** Buttons beside the search box. */
  actions?: ReactNode
  onRowClick?: (row: Row) => void
  rowClassName?: (row: Row) => string
  /** Deleting the selected rows (asks first); with `bulkActions`, turns on row selection. */
  bulkDelete?: BulkDelete<Row>
  bulkActions?: BulkAction<Row>[]
  /** The keys this list answers, for the `?` dialog; a paged, searchable list's by default. */
  shortcuts?: readonly Shortcut[]
}

/**
 * A console list: the toolbar (search box when the list has one, actions), the table (or its empty state)
 * and, for a paged list, the page controls; rows can be selected for bulk actions, and the list answers
 * the keyboard (the keys are in keyboard.ts).
 */
export function ListTable<Row extends { _id: string }>(props: Props<Row>) {
  const { table, list, status } = props
  const rows = table.getRowModel().rows
  const selectable = props.bulkDelete !== undefined || (props.bulkActions?.length ?? 0) > 0
  const keys = useTableKeyboard({
    rows,
    selectable,
    onRowClick: props.onRowClick,
    // Another page, order or search: the selection and the row focus start again.
    resetKey: list ? `${list.page} ${list.sort} ${list.q}` : undefined,
  })
  return (
    <>
      <DataTableToolbar
        search={
          list && props.searchLabel !== undefined
            ? {
                query: list.q,
                onQueryChange: list.setQuery,
                label: props.searchLabel,
                placeholder: props.searchPlaceholder,
                inputRef: keys.search,
              }
            : undefined
        }
      >
        {props.actions}
        <ShortcutsButton onClick={() => keys.setHelpOpen(true)} />
      </DataTableToolbar>
      {selectable ? (
        <BulkBar
          rows={keys.selectedRows}
          actions={props.bulkActions}
          remove={props.bulkDelete}
          onClear={keys.clearSelection}
        />
      ) : null}
      <div ref={keys.tableBox}>
        <DataTable
          table={table}
          label={props.label}
          loading={status.loading}
          updating={status.updating}
          error={status.error}
          onRowClick={props.onRowClick}
          rowClassName={props.rowClassName}
          selection={keys.selection}
          focusedRow={keys.focused}
          onFocusRow={keys.setFocused}
          empty={
            <EmptyState title={props.emptyTitle}>
              {list?.q ? <p>Nothing matches “{list.q}”.</p> : null}
              {props.emptyAction}
            </EmptyState>
          }
        />
      </div>
      {list ? <DataTablePagination table={table} noun={props.noun} totalCap={props.totalCap} /> : null}
      <ShortcutsDialog open={keys.helpOpen} onOpenChange={keys.setHelpOpen} shortcuts={props.shortcuts} />
    </>
  )
}
