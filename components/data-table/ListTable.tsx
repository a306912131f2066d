import { type ReactNode, useEffect, useRef, useState } from 'react'
import { EmptyState } from '../console/PageHeader'
import { type BulkAction, BulkBar, type BulkDelete } from './BulkBar'
import { DataTable } from './DataTable'
import { DataTablePagination } from './DataTablePagination'
import { DataTableToolbar } from './DataTableToolbar'
import { dialogOpen, isTypingTarget } from './keyboard'
import { ShortcutsDialog } from './ShortcutsDialog'
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
  /** Deleting the selected rows (asks first); with `bulkActions`, turns on row selection. */
  bulkDelete?: BulkDelete<Row>
  bulkActions?: BulkAction<Row>[]
}

/** A row's own control for `action`, marked in its cells with data-row-action. */
const rowControl = (row: Element | null | undefined, action: 'open' | 'edit' | 'delete') =>
  row?.querySelector<HTMLElement>(`[data-row-action="${action}"]`) ?? null

/**
 * A console list: search box, the table (or its empty state) and the page controls; rows can be
 * selected for bulk actions, and the list answers the keyboard (the keys are in keyboard.ts).
 */
export function ListTable<Row extends { _id: string }>(props: Props<Row>) {
  const { table, list, status } = props
  const rows = table.getRowModel().rows
  const selectable = props.bulkDelete !== undefined || (props.bulkActions?.length ?? 0) > 0
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const anchor = useRef<string | null>(null)
  const [focused, setFocused] = useState(-1)
  const [helpOpen, setHelpOpen] = useState(false)
  const search = useRef<HTMLInputElement>(null)
  const tableBox = useRef<HTMLDivElement>(null)

  // Another page, order or search: the selection and the row focus start again.
  const pageKey = `${list.page} ${list.sort} ${list.q}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page key is the trigger.
  useEffect(() => {
    setSelected(new Set())
    setFocused(-1)
  }, [pageKey])

  const toggle = (id: string, extend: boolean) => {
    const ids = rows.map((row) => row.id)
    const from = anchor.current ? ids.indexOf(anchor.current) : -1
    anchor.current = id
    setSelected((current) => {
      const next = new Set(current)
      if (extend && from >= 0) {
        const to = ids.indexOf(id)
        for (const between of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(between)
      } else if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }
  const toggleAll = () =>
    setSelected((current) =>
      rows.every((row) => current.has(row.id)) ? new Set() : new Set(rows.map((row) => row.id)),
    )

  const rowElement = (index: number) =>
    tableBox.current?.querySelector<HTMLElement>(`tbody tr[data-row-index="${index}"]`)
  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(rows.length - 1, index))
    setFocused(bounded)
    const element = rowElement(bounded)
    element?.focus({ preventScroll: true })
    element?.scrollIntoView({ block: 'nearest' })
  }

  const latest = useRef({ focusRow, toggle, focused, rows, selectable, onRowClick: props.onRowClick })
  latest.current = { focusRow, toggle, focused, rows, selectable, onRowClick: props.onRowClick }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener, reading the latest state through a ref.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingTarget(event.target) || dialogOpen()) return
      const { focusRow, toggle, focused, rows, selectable, onRowClick } = latest.current
      const current = focused >= 0 ? rows[focused] : undefined
      const handled = () => event.preventDefault()
      switch (event.key) {
        case '/':
          handled()
          search.current?.focus()
          return
        case '?':
          handled()
          setHelpOpen(true)
          return
        case 'j':
        case 'ArrowDown':
          if (rows.length === 0) return
          handled()
          focusRow(focused + 1)
          return
        case 'k':
        case 'ArrowUp':
          if (rows.length === 0) return
          handled()
          focusRow(focused < 0 ? 0 : focused - 1)
          return
      }
      if (!current) return
      const element = rowElement(focused)
      switch (event.key) {
        case 'Enter': {
          // A focused link or button inside the row does its own thing.
          if (
            event.target instanceof HTMLElement &&
            event.target !== element &&
            event.target !== document.body
          )
            return
          handled()
          if (onRowClick) onRowClick(current.original)
          else (rowControl(element, 'open') ?? element?.querySelector<HTMLElement>('a[href]'))?.click()
          return
        }
        case 'x':
        case 'X':
          if (!selectable) return
          handled()
          toggle(current.id, event.shiftKey)
          return
        case 'e':
          handled()
          rowControl(element, 'edit')?.click()
          return
        case 'Delete':
          handled()
          rowControl(element, 'delete')?.click()
          return
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const selectedRows = rows.filter((row) => selected.has(row.id)).map((row) => row.original)
  return (
    <>
      <DataTableToolbar
        query={list.q}
        onQueryChange={list.setQuery}
        searchLabel={props.searchLabel}
        placeholder={props.searchPlaceholder}
        inputRef={search}
      >
        {props.actions}
        <button
          type="button"
          className="hidden rounded-md px-2 py-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:inline-flex"
          onClick={() => setHelpOpen(true)}
          aria-keyshortcuts="?"
        >
          Keyboard shortcuts
        </button>
      </DataTableToolbar>
      {selectable ? (
        <BulkBar
          rows={selectedRows}
          actions={props.bulkActions}
          remove={props.bulkDelete}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      <div ref={tableBox}>
        <DataTable
          table={table}
          label={props.label}
          loading={status.loading}
          updating={status.updating}
          error={status.error}
          onRowClick={props.onRowClick}
          rowClassName={props.rowClassName}
          selection={selectable ? { selected, toggle, toggleAll } : undefined}
          focusedRow={focused}
          onFocusRow={setFocused}
          empty={
            <EmptyState title={props.emptyTitle}>
              {list.q ? <p>Nothing matches “{list.q}”.</p> : null}
              {props.emptyAction}
            </EmptyState>
          }
        />
      </div>
      <DataTablePagination table={table} noun={props.noun} />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  )
}
