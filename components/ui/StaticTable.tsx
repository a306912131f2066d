import type { ReactNode } from 'react'

type Column<Row> = { header: string; cell: (row: Row, index: number) => ReactNode; className?: string }

/**
 * A plain table for a public page's fixed list (the console's tables are in components/data-table/). On
 * narrow screens it scrolls inside its own focusable region, so the page itself never scrolls sideways.
 */
export function StaticTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string
  columns: Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string
}) {
  return (
    <ScrollingTable
      caption={caption}
      className="overflow-x-auto rounded-xl border border-slate-200 shadow-sm"
      tableClassName="min-w-full divide-y divide-slate-200 text-left text-sm"
    >
      <thead className="bg-slate-50">
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900"
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className="hover:bg-brand-50/50">
            {columns.map((column) => (
              <td
                key={column.header}
                className={`px-4 py-3 align-top text-slate-700 ${column.className ?? ''}`}
              >
                {column.cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  )
}

/**
 * A table in a region of its own that scrolls sideways when the table is wider than the screen: the region
 * is named by the caption and takes the keyboard's focus, so its overflow can be scrolled without a mouse.
 */
export function ScrollingTable({
  caption,
  className,
  tableClassName,
  children,
}: {
  caption: string
  /** The region's classes: it needs overflow-x-auto. */
  className: string
  tableClassName: string
  /** The table's head, body and foot. */
  children: ReactNode
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className={className}
    >
      <table className={tableClassName}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  )
}

export function MailLink({ email }: { email: string }) {
  return (
    <a className="whitespace-nowrap text-brand-800 hover:underline" href={`mailto:${email}`}>
      {email}
    </a>
  )
}
