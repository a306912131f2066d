import type { EventDto } from '../../db/dto'
import { truncateWords } from '../text/words'
import { Icon } from '../ui/icons'
import { imageSources, sizesFor } from '../ui/responsive-image'

type EventCardData = Pick<
  EventDto,
  '_id' | 'title' | 'banner' | 'host' | 'eventDate' | 'startTime' | 'endTime' | 'description'
> & {
  /** The banner's resized copies, when it is an upload (pageContext.image). */
  bannerSrcSet?: string | undefined
}

/** Banner width and height as uploaded for events (1200 x 630); other ratios are cropped to fit. */
const BANNER = { width: 1200, height: 630 }

/** The event card of docs/product.md#public-routes: banner, host, date and times, title, the first 20 words, a link. */
export function EventCard({ event, headingLevel = 3 }: { event: EventCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        {...imageSources({ src: event.banner, srcSet: event.bannerSrcSet }, sizesFor.eventCard)}
        width={BANNER.width}
        height={BANNER.height}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[1200/630] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-medium text-brand-700">Host: {event.host}</p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="calendar" className="size-4" />
          <span>
            {event.eventDate} · {event.startTime} - {event.endTime}
          </span>
        </p>
        <Heading className="mt-3 text-lg leading-snug font-semibold text-slate-900">
          <a href={`/events/${event._id}`} className="after:absolute after:inset-0 hover:underline">
            {event.title}
          </a>
        </Heading>
        <p className="mt-2 text-sm text-slate-600">{truncateWords(event.description, 20)}</p>
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
