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

/** shadcn's data-table structure over a TanStack Table v9 instance whose rows come one page at a time. */
export function DataTable<Row extends { _id: string }>({
  table,
  label,
  loading,
  updating,
  error,
  empty,
  onRowClick,
  rowClassName,
}: Props<Row>) {
  const rows = table.getRowModel().rows
  const columnCount = table.getAllLeafColumns().length
  let status: ReactNode = null
  if (loading) status = 'Loading...'
  else if (error) status = <span className="text-red-700">{error}</span>

  if (!loading && !error && rows.length === 0) return <>{empty}</>

  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} aria-busy={loading || updating} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSort(header.column.getIsSorted())}
                  className={`px-2.5 py-2 font-semibold whitespace-nowrap ${header.column.columnDef.meta?.className ?? ''}`}
                >
                  {header.isPlaceholder ? null : <ColumnHeader table={table} header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className={`divide-y divide-slate-100 ${updating ? 'opacity-60 transition-opacity' : ''}`}>
          {status ? (
            <tr>
              <td colSpan={columnCount} className="px-3 py-10 text-center text-slate-600">
                {status}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                className={`hover:bg-slate-50 ${onRowClick ? 'cursor-pointer' : ''} ${rowClassName?.(row.original) ?? ''}`}
              >
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-2.5 py-2 align-middle ${cell.column.columnDef.meta?.className ?? ''}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
