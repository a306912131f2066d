import { useData } from 'vike-react/useData'
import { EventGrid } from '../../../../components/events/EventCard'
import { Icon } from '../../../../components/ui/icons'
import { BackLink, PageBanner, Section } from '../../../../components/ui/PageBanner'
import { Picture } from '../../../../components/ui/Picture'
import { symposiumCalls } from '../../../../content/symposium'
import type { Data } from './+data'

function MoreLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
    >
      {children} <Icon name="arrowRight" className="size-4" />
    </a>
  )
}

export function Page() {
  const { view, upcoming, past } = useData<Data>()
  return (
    <>
      <PageBanner title="Events" eyebrow="Symposium and events">
        <p>Seminars, workshops, contests and symposia of the chapter and its student branches.</p>
      </PageBanner>

      {view === 'all' ? (
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
      ) : null}

      {upcoming && upcoming.events.length > 0 ? (
        <div className="bg-slate-50">
          <Section id="upcoming-events" title="Upcoming Events">
            {view === 'upcoming' ? (
              <p className="-mt-4 mb-6">
                <BackLink href="/events">All events</BackLink>
              </p>
            ) : null}
            <EventGrid events={upcoming.events} />
            {upcoming.next ? (
              <p className="mt-8 text-center">
                <MoreLink href={`/events?after=${encodeURIComponent(upcoming.next)}#upcoming-events`}>
                  Later events
                </MoreLink>
              </p>
            ) : null}
          </Section>
        </div>
      ) : null}

      {past ? (
        <Section id="previous-events" title="Previous Events">
          {view === 'past' ? (
            <p className="-mt-4 mb-6">
              <BackLink href="/events">All events</BackLink>
            </p>
          ) : null}
          {past.events.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
              No Events Found
            </p>
          ) : (
            <EventGrid events={past.events} />
          )}
          {past.next ? (
            <p className="mt-8 text-center">
              <MoreLink href={`/events?before=${encodeURIComponent(past.next)}#previous-events`}>
                Older events
              </MoreLink>
            </p>
          ) : null}
        </Section>
      ) : null}

      <section aria-label="Calendar feeds" className="mx-auto max-w-7xl px-4 pb-4 sm:px-6">
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
          <a
            className="inline-flex items-center gap-1.5 hover:text-brand-800 hover:underline"
            href="/events.ics"
          >
            <Icon name="calendar" className="size-4" /> Subscribe to upcoming events (iCalendar)
          </a>
          <a
            className="inline-flex items-center gap-1.5 hover:text-brand-800 hover:underline"
            href="/rss.xml"
          >
            <Icon name="rss" className="size-4" /> RSS feed
          </a>
        </p>
      </section>
    </>
  )
}
