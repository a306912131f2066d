import type { ReactNode } from 'react'
import { EmptyState } from '../console/PageHeader'
import { type BulkAction, BulkBar, type BulkDelete } from './BulkBar'
import { DataTable } from './DataTable'
import { DataTablePagination } from './DataTablePagination'
import { DataTableToolbar } from './DataTableToolbar'
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog'
import type { ServerTable } from './serverTable'
import type { ListStateControls } from './useListState'
import { useTableKeyboard } from './useTableKeyboard'

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
  /** Deleting the selected rows (asks first); with `bulkActions`, turns on row selection. */
  bulkDelete?: BulkDelete<Row>
  bulkActions?: BulkAction<Row>[]
}

/**
 * A console list: search box, the table (or its empty state) and the page controls; rows can be
 * selected for bulk actions, and the list answers the keyboard (the keys are in keyboard.ts).
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
    resetKey: `${list.page} ${list.sort} ${list.q}`,
  })
  return (
    <>
      <DataTableToolbar
        query={list.q}
        onQueryChange={list.setQuery}
        searchLabel={props.searchLabel}
        placeholder={props.searchPlaceholder}
        inputRef={keys.search}
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
              {list.q ? <p>Nothing matches “{list.q}”.</p> : null}
              {props.emptyAction}
            </EmptyState>
          }
        />
      </div>
      <DataTablePagination table={table} noun={props.noun} />
      <ShortcutsDialog open={keys.helpOpen} onOpenChange={keys.setHelpOpen} />
    </>
  )
}
