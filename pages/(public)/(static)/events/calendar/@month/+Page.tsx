import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { EventFilterForm, FilterChips } from '#components/events/EventFilterForm'
import { MonthCalendar } from '#components/events/MonthCalendar'
import { SubscribeLinks } from '#components/events/SubscribeLinks'
import { monthName } from '#components/shared/dates'
import { Icon } from '#components/ui/icons'
import { PageBanner } from '#components/ui/PageBanner'
import { hasEventFilters, NO_EVENT_FILTERS } from '#db/event-filters'
import { calendarUrl, filteredListUrl, monthOf } from '#db/event-links'
import type { Data } from './+data'

const navLinkStyles =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50'

export function Page() {
  const { month, today, filters, chapters, previous, next, days } = useData<Data>()
  const { publicUrl } = usePageContext()
  const name = monthName(month)
  const filtered = hasEventFilters(filters)
  const clearHref = calendarUrl(month, NO_EVENT_FILTERS)
  const thisMonth = monthOf(today)
  const empty = Object.keys(days).length === 0
  return (
    <>
      <PageBanner title={`Events in ${name}`} eyebrow="Events calendar">
        <p>The chapter’s and its student branches’ events, day by day.</p>
      </PageBanner>

      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
        <EventFilterForm
          action={`/events/calendar/${month}`}
          filters={filters}
          chapters={chapters}
          clearHref={clearHref}
        />
        <p className="mt-3">
          <a
            href={filteredListUrl(filters)}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            <Icon name="arrowLeft" className="size-4" /> List of events
          </a>
        </p>
      </div>

      <section aria-labelledby="calendar-month" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="calendar-month" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {name}
          </h2>
          <nav aria-label="Other months">
            <ul className="flex flex-wrap gap-2">
              {previous ? (
                <li>
                  <a href={calendarUrl(previous, filters)} rel="prev" className={navLinkStyles}>
                    <Icon name="arrowLeft" className="size-4" />
                    <span className="sr-only">Previous month: </span>
                    {monthName(previous)}
                  </a>
                </li>
              ) : null}
              {month !== thisMonth ? (
                <li>
                  <a href={calendarUrl(thisMonth, filters)} className={navLinkStyles}>
                    This month
                  </a>
                </li>
              ) : null}
              {next ? (
                <li>
                  <a href={calendarUrl(next, filters)} rel="next" className={navLinkStyles}>
                    <span className="sr-only">Next month: </span>
                    {monthName(next)}
                    <Icon name="arrowRight" className="size-4" />
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
        <div className="mt-4">
          <FilterChips
            filters={filters}
            chapters={chapters}
            without={(filter) => calendarUrl(month, { ...filters, [filter]: null })}
            clearHref={clearHref}
          />
        </div>
        {empty ? (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            <p className="text-lg font-semibold">
              {filtered ? `No events in ${name} match these filters.` : `No events in ${name}.`}
            </p>
            {filtered ? (
              <p className="mt-3">
                <a
                  href={clearHref}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                >
                  Clear all filters
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
        <MonthCalendar month={month} today={today} filters={filters} days={days} />
      </section>

      <SubscribeLinks publicUrl={publicUrl} filters={filters} filtered={filtered} />
    </>
  )
}
