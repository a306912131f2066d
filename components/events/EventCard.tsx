import type { EventDto } from '#db/dto'
import { formatEventWhen } from '../shared/dates'
import { formatFees } from '../shared/fees'
import { markdownToPlainText } from '../shared/markdown'
import { imageSources, sizesFor } from '../shared/responsive-image'
import { truncateWords } from '../shared/words'
import { Icon } from '../ui/icons'
import { EVENT_BANNER } from './banner'

type EventCardData = Pick<
  EventDto,
  '_id' | 'title' | 'banner' | 'host' | 'eventDate' | 'startTime' | 'endTime' | 'description' | 'fees'
> & {
  /** The banner's resized copies, when it is an upload (pageContext.image). */
  bannerSrcSet?: string | undefined
}

/**
 * The event card of docs/product.md#event-card: banner, host, date and times, title, the first 20 words of the
 * description as plain text, fees, a link.
 */
export function EventCard({ event, headingLevel = 3 }: { event: EventCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        {...imageSources({ src: event.banner, srcSet: event.bannerSrcSet }, sizesFor.eventCard)}
        width={EVENT_BANNER.width}
        height={EVENT_BANNER.height}
        alt=""
        loading="lazy"
        decoding="async"
        className={`${EVENT_BANNER.frame} w-full bg-slate-100`}
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-medium text-brand-700">Host: {event.host}</p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="calendar" className="size-4" />
          <time dateTime={`${event.eventDate}T${event.startTime}`}>{formatEventWhen(event)}</time>
        </p>
        <Heading className="mt-3 text-lg leading-snug font-semibold text-slate-900">
          <a href={`/events/${event._id}`} className="after:absolute after:inset-0 hover:underline">
            {event.title}
          </a>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-slate-600">
          {truncateWords(markdownToPlainText(event.description), 20)}
        </p>
        <p className="mt-4 text-sm font-semibold text-slate-900">{formatFees(event.fees)}</p>
      </div>
    </article>
  )
}

/** Event cards: 1 column on phones, 2 on small screens, 4 on large ones (docs/product.md#constants). */
export function EventGrid({ events }: { events: readonly EventCardData[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {events.map((event) => (
        <li key={event._id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  )
}
