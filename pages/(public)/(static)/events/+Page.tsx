import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { EventGrid } from '#components/events/EventCard'
import { EventFilterForm, FilterChips } from '#components/events/EventFilterForm'
import { SubscribeLinks } from '#components/events/SubscribeLinks'
import { Icon } from '#components/ui/icons'
import { BackLink, PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import { symposiumCalls } from '#content/symposium'
import {
  decodeCursor,
  type EventListQuery,
  type EventScope,
  hasEventFilters,
  NO_EVENT_FILTERS,
  pickFilters,
} from '#db/event-filters'
import { calendarUrl, eventListUrl, filteredListUrl, monthOf } from '#db/event-links'
import type { Data } from './+data'

function MoreLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
    >
      {children} <Icon name="arrowRight" className="size-4" />
    </a>
  )
}

/** Under one of the overview's lists, when it goes on: the next page of it, in the list of results. */
function OverviewMoreLink({
  cursor,
  direction,
  children,
}: {
  cursor: string | null
  direction: 'after' | 'before'
  children: string
}) {
  if (!cursor) return null
  return (
    <p className="mt-8 text-center">
      <MoreLink href={`/events?${direction}=${encodeURIComponent(cursor)}#event-results`}>
        {children}
      </MoreLink>
    </p>
  )
}

/** Upcoming or past: two links that keep the filters, the current one marked. */
function ScopeTabs({ query }: { query: EventListQuery }) {
  const filters = pickFilters(query)
  const tabs: { when: EventScope; label: string }[] = [
    { when: 'upcoming', label: 'Upcoming events' },
    { when: 'past', label: 'Past events' },
  ]
  return (
    <nav aria-label="Upcoming or past events">
      <ul className="flex gap-2 border-b border-slate-200">
        {tabs.map((tab) => {
          const current = tab.when === query.when
          return (
            <li key={tab.when}>
              <a
                href={filteredListUrl(filters, tab.when)}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 py-2 font-semibold ${
                  current
                    ? 'border-brand-700 text-brand-900'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {tab.label}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Further pages of a result: by number for a search by relevance, by keyset in date order. */
function Pager({ query, next, more }: { query: EventListQuery; next: string | null; more: boolean }) {
  const links: { href: string; label: string; back?: boolean }[] = []
  if (query.sort === 'relevance') {
    if (query.page > 1)
      links.push({
        href: eventListUrl({ ...query, page: query.page - 1 }),
        label: 'Better matches',
        back: true,
      })
    if (more) links.push({ href: eventListUrl({ ...query, page: query.page + 1 }), label: 'More matches' })
  } else if (next) {
    const cursor = decodeCursor(next)
    links.push({
      href: eventListUrl({
        ...query,
        after: query.when === 'upcoming' ? cursor : null,
        before: query.when === 'past' ? cursor : null,
      }),
      label: query.when === 'past' ? 'Older events' : 'Later events',
    })
  }
  if (links.length === 0) return null
  return (
    <p className="mt-8 flex flex-wrap justify-center gap-4">
      {links.map((link) =>
        link.back ? (
          <a
            key={link.label}
            href={`${link.href}#event-results`}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Icon name="arrowLeft" className="size-4" /> {link.label}
          </a>
        ) : (
          <MoreLink key={link.label} href={`${link.href}#event-results`}>
            {link.label}
          </MoreLink>
        ),
      )}
    </p>
  )
}

function CalendarLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
    >
      <Icon name="calendar" className="size-4" /> Month calendar
    </a>
  )
}

export function Page() {
  const data = useData<Data>()
  const { publicUrl } = usePageContext()
  const { query, chapters, today } = data
  const filters = pickFilters(query)
  const filtered = hasEventFilters(filters)
  const clearHref = filteredListUrl(NO_EVENT_FILTERS, query.when)
  const month = monthOf(filters.from ?? today)
  return (
    <>
      <PageBanner title="Events" eyebrow="Symposium and events">
        <p>Seminars, workshops, contests and symposia of the chapter and its student branches.</p>
      </PageBanner>

      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
        <EventFilterForm
          action="/events"
          filters={filters}
          query={query}
          chapters={chapters}
          clearHref={clearHref}
        />
        <p className="mt-3">
          <CalendarLink href={calendarUrl(month, filters)} />
        </p>
      </div>

      {data.view === 'overview' ? (
        <>
          <Section id="previous-symposium" title="Previous Symposium">
            <ul className="grid gap-6 md:grid-cols-2">
              {symposiumCalls.map((call, index) => (
                <li key={call.path}>
                  <a
                    href={call.path}
                    className="group block overflow-hidden rounded-xl border border-slate-200 shadow-sm hover:shadow-md"
                  >
                    <Picture
                      image={call.banner}
                      alt=""
                      eager={index === 0}
                      className="h-auto w-full transition group-hover:scale-[1.02]"
                    />
                    <span className="block p-4 font-semibold text-slate-900 group-hover:underline">
                      {call.title}: {call.season} Symposium, {call.dates}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </Section>

          {data.upcoming.events.length > 0 ? (
            <Section id="upcoming-events" title="Upcoming Events" tinted>
              <EventGrid events={data.upcoming.events} />
              <OverviewMoreLink cursor={data.upcoming.next} direction="after">
                Later events
              </OverviewMoreLink>
            </Section>
          ) : null}

          <Section id="previous-events" title="Previous Events">
            {data.past.events.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
                No Events Found
              </p>
            ) : (
              <EventGrid events={data.past.events} />
            )}
            <OverviewMoreLink cursor={data.past.next} direction="before">
              Older events
            </OverviewMoreLink>
          </Section>
        </>
      ) : (
        <section aria-labelledby="event-results" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <p className="mb-4">
            <BackLink href="/events">All events</BackLink>
          </p>
          <ScopeTabs query={query} />
          <h2
            id="event-results"
            className="mt-8 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {query.when === 'past' ? 'Past events' : 'Upcoming events'}
            {query.q && query.sort === 'relevance' ? ', best match first' : null}
          </h2>
          <div className="mt-4">
            <FilterChips
              filters={filters}
              chapters={chapters}
              without={(name) => filteredListUrl({ ...filters, [name]: null }, query.when)}
              clearHref={clearHref}
            />
          </div>
          {data.results.events.length === 0 ? (
            <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700">
              <p className="text-lg font-semibold">
                {filtered
                  ? `No ${query.when === 'past' ? 'past' : 'upcoming'} events match these filters.`
                  : `No ${query.when === 'past' ? 'past' : 'upcoming'} events.`}
              </p>
              <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
                {filtered ? (
                  <a
                    href={clearHref}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                  >
                    Clear all filters
                  </a>
                ) : null}
                <a
                  href={filteredListUrl(filters, query.when === 'past' ? 'upcoming' : 'past')}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                >
                  {query.when === 'past' ? 'Search upcoming events' : 'Search past events'}
                </a>
              </p>
            </div>
          ) : (
            <div className="mt-8">
              <EventGrid events={data.results.events} />
            </div>
          )}
          <Pager query={query} next={data.results.next} more={data.results.more} />
        </section>
      )}

      <SubscribeLinks publicUrl={publicUrl} filters={filters} when={query.when} filtered={filtered} />
    </>
  )
}
