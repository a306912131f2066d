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
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 shadow-sm"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
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
