import type { EventFilters, EventScope } from '#db/event-filters'
import { feedUrls } from '#db/event-links'
import { Icon } from '../ui/icons'

const linkStyles =
  'inline-flex min-h-11 items-center gap-1.5 text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline'

/**
 * The calendar feed of a view, to subscribe to (webcal://, which calendar apps open) or to copy (https),
 * with the same filters; and the site's RSS feed.
 */
export function SubscribeLinks({
  publicUrl,
  filters,
  when = 'upcoming',
  filtered,
}: {
  publicUrl: string
  filters: EventFilters
  when?: EventScope
  /** Say "these events" rather than "upcoming events". */
  filtered: boolean
}) {
  const feed = feedUrls(publicUrl, filters, when)
  const what = filtered ? 'these events' : when === 'past' ? 'past events' : 'upcoming events'
  return (
    <section aria-label="Calendar feeds" className="mx-auto max-w-7xl px-4 pb-6 sm:px-6">
      <p className="flex flex-wrap gap-x-6 text-sm">
        <a className={linkStyles} href={feed.webcal}>
          <Icon name="calendar" className="size-4" /> {`Subscribe to ${what} in your calendar app`}
        </a>
        <a className={linkStyles} href={feed.path}>
          <Icon name="calendar" className="size-4" /> iCalendar feed (https)
        </a>
        <a className={linkStyles} href="/rss.xml">
          <Icon name="rss" className="size-4" /> RSS feed
        </a>
      </p>
    </section>
  )
}
