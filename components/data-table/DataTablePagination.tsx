import type { ServerTable } from './serverTable'

const pageButton =
  'inline-flex size-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 max-sm:size-11 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40'

function Arrow({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
      <path d={d} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** "Showing 21-40 of 45", the page number and first/previous/next/last buttons. */
export function DataTablePagination<Row extends { _id: string }>({
  table,
  noun,
  totalCap,
}: {
  table: ServerTable<Row>
  noun: string
  /** A total the API stops counting at: above it, "of more than 10,000". */
  totalCap?: number | undefined
}) {
  const { pageIndex, pageSize } = table.state.pagination
  const total = table.getRowCount()
  const pageCount = Math.max(1, table.getPageCount())
  if (total === 0) return null
  const first = pageIndex * pageSize + 1
  const last = Math.min(total, first + pageSize - 1)
  const shownTotal =
    totalCap !== undefined && total > totalCap ? `more than ${totalCap.toLocaleString('en-US')}` : total
  return (
    <nav
      aria-label="Pages"
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600"
    >
      <p aria-live="polite">
        Showing {first}-{last} of {shownTotal} {noun}
      </p>
      <div className="flex items-center gap-1.5">
        <span className="mr-2">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <button
          type="button"
          className={pageButton}
          onClick={() => table.firstPage()}
          disabled={!table.getCanPreviousPage()}
          aria-label="First page"
        >
          <Arrow d="M11 5 6 10l5 5M15 5l-5 5 5 5" />
        </button>
        <button
          type="button"
          className={pageButton}
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
          aria-label="Previous page"
        >
          <Arrow d="M12 5 7 10l5 5" />
        </button>
        <button
          type="button"
          className={pageButton}
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
          aria-label="Next page"
        >
          <Arrow d="m8 5 5 5-5 5" />
        </button>
        <button
          type="button"
          className={pageButton}
          onClick={() => table.lastPage()}
          disabled={!table.getCanNextPage()}
          aria-label="Last page"
        >
          <Arrow d="m9 5 5 5-5 5M5 5l5 5-5 5" />
        </button>
      </div>
    </nav>
  )
}
