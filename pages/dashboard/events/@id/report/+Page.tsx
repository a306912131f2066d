import { useData } from 'vike-react/useData'
import { PageHeader } from '#components/console/PageHeader'
import { formatEventWhen } from '#components/shared/dates'
import { noShowsUnknownOf, shownFigures } from '#components/shared/report-figures'
import { toParagraphs } from '#components/shared/words'
import { buttonStyles } from '#components/ui/styles'
import { FigureList, MEMBERS_UNKNOWN_TEXT, PrintButton } from '../../../reports/ReportParts'
import type { Data } from './+data'

/**
 * One event's meeting report (docs/product.md#attendance-reports): what the society's report asks (date,
 * title, type, host, members and guests who attended, description) and this site's own figures; printable,
 * and as CSV in the fields of a vTools meeting report.
 */
export function Page() {
  const { report, madeAt } = useData<Data>()
  const { event, figures } = report
  const shown = shownFigures(report)
  const notes: string[] = []
  if (!report.registrationOnSite)
    notes.push('Registration for this event was not on this site: it has no figures here.')
  else if (!report.ended) notes.push('The event is not over yet: no-shows are counted once it is.')
  else if (figures.checkedIn === 0 && figures.confirmed > 0)
    notes.push('No one was checked in at the door: every confirmed attendee counts as a no-show.')
  if (report.membersUnknown && report.registrationOnSite)
    notes.push(MEMBERS_UNKNOWN_TEXT[report.membersUnknown])
  if (report.membershipQuestion)
    notes.push(
      `Members: checked in with an answer to “${report.membershipQuestion.label}”${
        report.membershipQuestion.foundBy === 'label' ? ' (found by its label)' : ''
      }; guests: checked in without one.`,
    )

  return (
    <>
      <PageHeader
        title="Meeting report"
        description={event.title}
        back={{ href: `/dashboard/events/${event._id}/attendees`, label: 'Attendees' }}
        actions={
          <span className="flex flex-wrap gap-2 print:hidden">
            <PrintButton />
            <a
              className={buttonStyles.secondary}
              href={`/api/events/${event._id}/report?format=csv`}
              download
            >
              Download CSV (vTools)
            </a>
          </span>
        }
      />
      <article aria-labelledby="meeting-heading" className="max-w-4xl space-y-5">
        <header className="rounded-lg border border-slate-200 bg-white p-4 print:border-0 print:p-0">
          <p className="text-sm font-medium text-slate-600">{report.chapter?.name ?? 'The branch'}</p>
          <h2 id="meeting-heading" className="text-lg font-semibold text-slate-900">
            {event.title}
          </h2>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {[
              ['When', formatEventWhen(event)],
              ['Meeting type', event.type ?? 'Not given'],
              ['Host', event.host],
              ['Location', event.location],
            ].map(([term, value]) => (
              <div key={term} className="flex gap-2">
                <dt className="font-medium text-slate-600">{term}:</dt>
                <dd className="text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </header>
        <section aria-labelledby="attendance-heading">
          <h3 id="attendance-heading" className="mb-2 text-base font-semibold text-slate-900">
            Attendance
          </h3>
          <FigureList
            items={[
              ['Registered', shown.registered],
              ['Confirmed', shown.confirmed],
              ['Checked in', shown.checkedIn],
              ['No-shows', shown.noShows, noShowsUnknownOf(report)],
              ['Members', shown.members],
              ['Guests', shown.guests],
            ]}
          />
          {notes.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </section>
        {event.description ? (
          <section aria-labelledby="description-heading">
            <h3 id="description-heading" className="mb-2 text-base font-semibold text-slate-900">
              Description
            </h3>
            <div className="space-y-2 text-sm text-slate-800">
              {toParagraphs(event.description).map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs never move; two may read alike.
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>
        ) : null}
        <p className="text-xs text-slate-600">Made {madeAt}.</p>
      </article>
    </>
  )
}
