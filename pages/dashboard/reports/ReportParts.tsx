import type { ReactNode } from 'react'
import { formatDate } from '#components/shared/dates'
import {
  FIGURE_COLUMNS,
  FIGURE_LABELS,
  figuresInOrder,
  noShowsUnknownOf,
  shownFigures,
} from '#components/shared/report-figures'
import { ScrollingTable } from '#components/ui/StaticTable'
import { buttonStyles } from '#components/ui/styles'
import type {
  ChapterSection,
  EventReport,
  MembersUnknown,
  ReportTotals,
} from '#server/services/reports.server'

/** The parts the two printable reports share (docs/product.md#attendance-reports). */

/** Prints the page; the console's bar and sidebar, and the actions, are left off the paper (print CSS). */
export function PrintButton() {
  return (
    <button type="button" className={buttonStyles.primary} onClick={() => window.print()}>
      Print
    </button>
  )
}

/** A figure that cannot be told: a dash, read out as such. */
export function Figure({ value, unknown = 'not known' }: { value: number | null; unknown?: string }) {
  if (value !== null) return <>{value.toLocaleString('en-US')}</>
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{unknown}</span>
    </>
  )
}

/** Why an event's members and guests are not counted. */
export const MEMBERS_UNKNOWN_TEXT: Record<Exclude<MembersUnknown, null>, string> = {
  'no-question':
    'The registration form asked no membership number, so members and guests are not told apart: count them by hand.',
  anonymised:
    'Its registrations were anonymised a year after the event, answers and all: members and guests can no longer be told apart.',
}

const cell = 'px-2 py-1.5 text-right tabular-nums print:px-1'

/** The headings over figures, right-aligned as the figures are. */
function FigureHeadings({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className="px-2 py-1.5 text-right font-semibold print:px-1">
      {label}
    </th>
  ))
}

/**
 * A report's table: on a phone it scrolls sideways in its own region (ScrollingTable); on paper it is
 * printed whole. `spacing` goes before the region's own classes.
 */
function ReportTable({
  caption,
  spacing,
  children,
}: {
  caption: string
  spacing?: string
  children: ReactNode
}) {
  return (
    <ScrollingTable
      caption={caption}
      // Relative: the figures' screen-reader texts are absolute, and would otherwise widen the page itself.
      className={`relative ${spacing ? `${spacing} ` : ''}overflow-x-auto rounded-lg border border-slate-200 bg-white print:overflow-visible print:border-0`}
      tableClassName="w-full min-w-[44rem] border-collapse text-sm print:min-w-0 print:text-xs"
    >
      {children}
    </ScrollingTable>
  )
}

/** One chapter's events of the period, a row each, and its totals. */
export function SectionTable({ section, caption }: { section: ChapterSection; caption: string }) {
  return (
    <ReportTable caption={caption}>
      <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
        <tr>
          {['Date', 'Event'].map((label) => (
            <th key={label} scope="col" className="px-2 py-1.5 text-left font-semibold print:px-1">
              {label}
            </th>
          ))}
          <FigureHeadings labels={FIGURE_LABELS} />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {section.events.map((report) => (
          <EventRow key={report.event._id} report={report} />
        ))}
      </tbody>
      <TotalsRow totals={section.totals} label="Total" />
    </ReportTable>
  )
}

function EventRow({ report }: { report: EventReport }) {
  const { event } = report
  const figures = shownFigures(report)
  return (
    <tr className="align-top">
      <td className="px-2 py-1.5 whitespace-nowrap text-slate-700 print:px-1">
        {formatDate(event.eventDate)}
      </td>
      <td className="px-2 py-1.5 print:px-1">
        <a
          href={`/dashboard/events/${event._id}/report`}
          className="font-medium text-brand-800 underline-offset-2 hover:underline print:text-slate-900 print:no-underline"
        >
          {event.title}
        </a>
        <span className="block text-xs text-slate-600">
          {[
            event.type,
            report.registrationOnSite ? null : 'registration elsewhere',
            report.ended ? null : 'not over yet',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </td>
      {FIGURE_COLUMNS.map(([figure]) => (
        <td key={figure} className={cell}>
          <Figure
            value={figures[figure]}
            unknown={figure === 'noShows' ? noShowsUnknownOf(report) : undefined}
          />
        </td>
      ))}
    </tr>
  )
}

export function TotalsRow({ totals, label }: { totals: ReportTotals; label: string }) {
  return (
    <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
      <tr>
        <th scope="row" colSpan={2} className="px-2 py-1.5 text-left print:px-1">
          {label}: {totals.events === 1 ? '1 event' : `${totals.events} events`}
        </th>
        <TotalCells totals={totals} />
      </tr>
    </tfoot>
  )
}

/** A totals row's figures, in the order of FIGURE_COLUMNS (after the count of events, when asked). */
function TotalCells({ totals, withEvents = false }: { totals: ReportTotals; withEvents?: boolean }) {
  const figures = [...(withEvents ? [totals.events] : []), ...figuresInOrder(totals)]
  return figures.map((value, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
    <td key={index} className={cell}>
      {value.toLocaleString('en-US')}
    </td>
  ))
}

/** What the totals leave out, said under them. */
export function TotalsNote({ totals }: { totals: ReportTotals }) {
  if (totals.events === 0 || totals.eventsWithMembers === totals.events) return null
  return (
    <p className="mt-1 text-xs text-slate-600">
      Members and guests are counted at {totals.eventsWithMembers} of {totals.events} events: the others asked
      no membership number, or their registrations were anonymised. No-shows are counted once an event is
      over.
    </p>
  )
}

/** Figures as labelled numbers: an event's, or the totals of every chapter. */
export function FigureList({ items }: { items: [label: string, value: number | null, unknown?: string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6 print:grid-cols-6">
      {items.map(([label, value, unknown]) => (
        <div
          key={label}
          className="rounded-md border border-slate-200 bg-white px-3 py-2 print:border-slate-400"
        >
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">
            <Figure value={value} unknown={unknown} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function TotalsList({ totals }: { totals: ReportTotals }) {
  return (
    <FigureList
      items={[
        ['Events', totals.events],
        ['Registered', totals.registered],
        ['Checked in', totals.checkedIn],
        ['No-shows', totals.noShows],
        ['Members', totals.members],
        ['Guests', totals.guests],
      ]}
    />
  )
}

/** Every chapter with events in the period, a row each with its totals: the chapters side by side. */
export function ChaptersCompared({ sections, totals }: { sections: ChapterSection[]; totals: ReportTotals }) {
  const compared = sections.filter((section) => section.events.length > 0)
  if (compared.length === 0) return null
  return (
    <ReportTable caption="Chapters side by side" spacing="mt-3">
      <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-2 py-1.5 text-left font-semibold print:px-1">
            Chapter
          </th>
          <FigureHeadings labels={['Events', ...FIGURE_LABELS]} />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {compared.map((section) => (
          <tr key={section.chapter?.slug ?? 'branch'}>
            <th scope="row" className="px-2 py-1.5 text-left font-medium break-words print:px-1">
              <a
                href={`#section-${section.chapter?.slug ?? 'branch'}`}
                className="text-brand-800 underline-offset-2 hover:underline print:text-slate-900 print:no-underline"
              >
                {section.chapter?.name ?? 'The branch'}
              </a>
            </th>
            <TotalCells totals={section.totals} withEvents />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
        <tr>
          <th scope="row" className="px-2 py-1.5 text-left print:px-1">
            All chapters
          </th>
          <TotalCells totals={totals} withEvents />
        </tr>
      </tfoot>
    </ReportTable>
  )
}
