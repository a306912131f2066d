import type { Header } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import type { ServerTable, ServerTableFeatures } from './serverTable'

type Props<Row extends { _id: string }> = {
  table: ServerTable<Row>
  /** Names the table for assistive technology. */
  label: string
  /** No page has arrived yet. */
  loading: boolean
  /** A newer page is on its way while the previous one is shown. */
  updating: boolean
  error: string | null
  /** Shown instead of the table when the list is empty. */
  empty: ReactNode
  onRowClick?: (row: Row) => void
  rowClassName?: (row: Row) => string
}

/** The actions column from 640 px: pinned to the right edge of the table's scrolling box, on an opaque ground. */
const STICKY_ACTIONS = 'sm:sticky sm:right-0 sm:z-[1] sm:shadow-[inset_1px_0_0_var(--color-slate-200)]'

const ariaSort = (direction: false | 'asc' | 'desc') =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="currentColor">
      <path d="M8 2.5 11 6H5z" opacity={direction === 'asc' ? 1 : direction ? 0.2 : 0.35} />
      <path d="M8 13.5 5 10h6z" opacity={direction === 'desc' ? 1 : direction ? 0.2 : 0.35} />
    </svg>
  )
}

/** A header: a sort button when the API can sort by the column (shadcn's column header). */
function ColumnHeader<Row extends { _id: string }>({
  table,
  header,
}: {
  table: ServerTable<Row>
  header: Header<ServerTableFeatures, Row, unknown>
}) {
  const column = header.column
  const label = <table.FlexRender header={header} />
  if (!column.getCanSort()) return label
  const direction = column.getIsSorted()
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-semibold hover:bg-slate-200/70 hover:text-slate-900"
    >
      {label}
      <SortIcon direction={direction} />
      <span className="sr-only">
        {direction === 'asc' ? ', sorted ascending' : direction === 'desc' ? ', sorted descending' : ', sort'}
      </span>
    </button>
  )
}

export type RowSelection = {
  selected: ReadonlySet<string>
  /** Toggles one row; `extend` selects every row between the last toggled one and this one. */
  toggle: (id: string, extend: boolean) => void
  toggleAll: () => void
}

/**
 * shadcn's data-table structure over a TanStack Table v9 instance whose rows come one page at a time.
 * Below 640 px the same table shows each row as a stacked card: the header row is hidden, every cell
 * is a line labelled with its column (columns whose meta says `card: false` are left out), and the
 * actions stay visible at the card's foot. From 640 px the actions column sticks to the table's right
 * edge, so a row's actions stay in view however wide its other cells are, and long values wrap.
 */
export function DataTable<Row extends { _id: string }>({
  table,
  label,
  loading,
  updating,
  error,
  empty,
  onRowClick,
  rowClassName,
  selection,
  focusedRow = -1,
  onFocusRow,
}: Props<Row> & {
  selection?: RowSelection | undefined
  /** The row the keyboard points at (-1: none). */
  focusedRow?: number
  onFocusRow?: (index: number) => void
}) {
  const rows = table.getRowModel().rows
  const columnCount = table.getAllLeafColumns().length + (selection ? 1 : 0)
  let status: ReactNode = null
  if (loading) status = 'Loading...'
  else if (error) status = <span className="text-red-700">{error}</span>

  if (!loading && !error && rows.length === 0) return <>{empty}</>

  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0
  return (
    <div className="relative rounded-lg border-slate-200 sm:overflow-x-auto sm:border sm:bg-white sm:shadow-sm">
      <table
        aria-label={label}
        aria-busy={loading || updating}
        className="w-full text-left text-sm max-sm:block"
      >
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 max-sm:sr-only">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection ? (
                <th scope="col" className="w-px px-2.5 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select all ${label.toLowerCase()} on this page`}
                    checked={rows.length > 0 && selectedOnPage === rows.length}
                    ref={(box) => {
                      if (box) box.indeterminate = selectedOnPage > 0 && selectedOnPage < rows.length
                    }}
                    onChange={selection.toggleAll}
                    className="size-4 accent-brand-700"
                  />
                </th>
              ) : null}
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort(header.column.getIsSorted())}
                  className={`px-2.5 py-2 font-semibold whitespace-nowrap ${header.column.columnDef.meta?.card === 'actions' ? `${STICKY_ACTIONS} bg-slate-50` : ''} ${header.column.columnDef.meta?.className ?? ''}`}
                >
                  {header.isPlaceholder ? null : <ColumnHeader table={table} header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody
          className={`divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0 ${updating ? 'opacity-60 transition-opacity' : ''}`}
        >
          {status ? (
            <tr className="max-sm:block">
              <td colSpan={columnCount} className="px-3 py-10 text-center text-slate-600 max-sm:block">
                {status}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const selected = selection?.selected.has(row.id) ?? false
              return (
                <tr
                  key={row.id}
                  data-row-index={index}
                  data-focused={index === focusedRow || undefined}
                  data-selected={selected || undefined}
                  tabIndex={-1}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) onFocusRow?.(index)
                  }}
                  onClick={
                    onRowClick
                      ? (event) => {
                          // A click in a dialog opened from the row (a portal) bubbles here in React's tree.
                          if (event.currentTarget.contains(event.target as Node)) onRowClick(row.original)
                        }
                      : undefined
                  }
                  className={`group outline-none hover:bg-slate-50 data-[focused]:bg-brand-50/60 data-[focused]:shadow-[inset_3px_0_0_var(--color-brand-700)] data-[selected]:bg-brand-50 max-sm:relative max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:gap-x-3 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3 max-sm:shadow-sm ${onRowClick ? 'cursor-pointer' : ''} ${rowClassName?.(row.original) ?? ''}`}
                >
                  {selection ? (
                    <td className="w-px px-2.5 py-2 align-middle max-sm:row-span-6 max-sm:-mt-2.5 max-sm:-ml-2.5 max-sm:w-auto max-sm:p-0">
                      <label className="inline-flex size-11 items-center justify-center sm:size-auto">
                        <input
                          type="checkbox"
                          aria-label={`Select row ${index + 1}`}
                          checked={selected}
                          onClick={(event) => event.stopPropagation()}
                          onChange={(event) =>
                            selection.toggle(row.id, (event.nativeEvent as MouseEvent).shiftKey === true)
                          }
                          className="size-4 accent-brand-700"
                        />
                      </label>
                    </td>
                  ) : null}
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta
                    const header = cell.column.columnDef.header
                    return (
                      <td
                        key={cell.id}
                        data-label={
                          typeof header === 'string' && meta?.card !== 'title' ? `${header}:` : undefined
                        }
                        className={`px-2.5 py-2 align-middle max-sm:col-start-2 max-sm:block max-sm:w-auto max-sm:min-w-0 max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere] max-sm:data-[label]:before:mr-1.5 max-sm:data-[label]:before:text-xs max-sm:data-[label]:before:font-medium max-sm:data-[label]:before:text-slate-500 max-sm:data-[label]:before:content-[attr(data-label)] ${meta?.card === false ? 'max-sm:hidden!' : ''} ${meta?.card === 'title' ? 'max-sm:text-base' : ''} ${meta?.card === 'actions' ? `max-sm:pt-2 ${STICKY_ACTIONS} sm:bg-white sm:group-hover:bg-slate-50 sm:group-data-[selected]:bg-brand-50` : 'sm:[overflow-wrap:anywhere]'} ${meta?.className ?? ''}`}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    )
                  })}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
