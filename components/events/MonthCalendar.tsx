import { dayName, monthName } from '#components/shared/dates'
import type { EventFilters } from '#db/event-filters'
import { filteredListUrl } from '#db/event-links'
import { WEEKDAYS, weeksOf } from './calendar-grid'

/** An event as a day of the calendar shows it. */
export type CalendarDayEvent = { id: string; title: string; startTime: string; endTime: string }
/** A day with events: the first few, and how many there are in all. */
export type CalendarDay = { events: CalendarDayEvent[]; total: number }

type Props = {
  month: string
  today: string
  filters: EventFilters
  /** The days with events, by YYYY-MM-DD. */
  days: Record<string, CalendarDay>
}

/** The list of one day's events with the filters: where "N more" leads (past days in the archive). */
const dayListUrl = (day: string, today: string, filters: EventFilters) =>
  filteredListUrl({ ...filters, from: day, to: day }, day < today ? 'past' : 'upcoming')

/** '{N} more' to the day's list, when the day has more events than it shows. */
function MoreLink({
  day,
  today,
  filters,
  entry,
}: {
  day: string
  today: string
  filters: EventFilters
  entry: CalendarDay
}) {
  const more = entry.total - entry.events.length
  if (more <= 0) return null
  return (
    <a
      href={dayListUrl(day, today, filters)}
      className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold md:min-h-6 md:text-xs text-brand-800 underline underline-offset-2"
    >
      {`${more} more`}
      <span className="sr-only">{` events on ${dayName(day)}`}</span>
    </a>
  )
}

/**
 * The month as a table (days under their weekday's column header, today marked `aria-current="date"`,
 * each event a link) from medium widths up, and as an agenda (only the days with events, in order) on
 * a phone: both in the HTML, CSS shows one, so it works without scripts.
 */
export function MonthCalendar({ month, today, filters, days }: Props) {
  const weeks = weeksOf(month)
  const daysWithEvents = Object.keys(days).sort()
  return (
    <>
      <table className="mt-6 hidden w-full table-fixed border-collapse md:table">
        <caption className="sr-only">{`Events in ${monthName(month)}, by day`}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th
                key={short}
                scope="col"
                className="border-b border-slate-300 px-2 py-2 text-left text-sm font-semibold text-slate-700"
              >
                <span aria-hidden="true">{short}</span>
                <span className="sr-only">{full}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, index) => {
                if (!day) {
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank days before the 1st and after the last.
                  return <td key={index} className="border border-slate-200 bg-slate-50" />
                }
                const entry = days[day]
                const isToday = day === today
                return (
                  <td key={day} aria-current={isToday ? 'date' : undefined} className="calendar-day">
                    <p className="calendar-date">
                      <time dateTime={day}>{Number(day.slice(8))}</time>
                      {isToday ? <span>Today</span> : null}
                    </p>
                    {entry ? (
                      <>
                        <ul className="mt-1 space-y-1">
                          {entry.events.map((event) => (
                            <li key={event.id}>
                              <a href={`/events/${event.id}`} className="calendar-event">
                                <b>{event.startTime}</b> {event.title}
                              </a>
                            </li>
                          ))}
                        </ul>
                        <MoreLink day={day} today={today} filters={filters} entry={entry} />
                      </>
                    ) : null}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {daysWithEvents.length > 0 ? (
        <ol aria-label={`Events in ${monthName(month)}, by day`} className="mt-6 space-y-4 md:hidden">
          {daysWithEvents.map((day) => {
            const entry = days[day] as CalendarDay
            const isToday = day === today
            return (
              <li
                key={day}
                aria-current={isToday ? 'date' : undefined}
                className={`rounded-xl border p-4 ${isToday ? 'border-brand-700 bg-amber-50' : 'border-slate-200'}`}
              >
                <h3 className="font-semibold text-slate-900">
                  <time dateTime={day}>{dayName(day)}</time>
                  {isToday ? <span className="ml-2 text-sm text-brand-800">Today</span> : null}
                </h3>
                <ul className="mt-2 divide-y divide-slate-100">
                  {entry.events.map((event) => (
                    <li key={event.id}>
                      <a href={`/events/${event.id}`} className="agenda-event">
                        <span>{`${event.startTime}-${event.endTime}`}</span>
                        <span>{event.title}</span>
                      </a>
                    </li>
                  ))}
                </ul>
                <MoreLink day={day} today={today} filters={filters} entry={entry} />
              </li>
            )
          })}
        </ol>
      ) : null}
    </>
  )
}
