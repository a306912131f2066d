import 'swiper/css'
import 'swiper/css/pagination'
import { formatEventWhen } from '../shared/dates'
import { imageSources, type ResponsiveImage, sizesFor } from '../shared/responsive-image'
import { Icon } from '../ui/icons'

type CarouselEvent = {
  _id: string
  title: string
  banner: ResponsiveImage
  eventDate: string
  startTime: string
  endTime: string
  summary: string
}

/**
 * 'What we have done' (docs/product.md#chapter-landing-page): one event per slide, 30 px apart, clickable dots and the mouse wheel.
 * Rendered on the server in Swiper's own markup, so the first slide shows before any script runs; the
 * chrome script loads Swiper (components/chapter/carousel.ts) only on pages with a [data-carousel].
 */
export function EventCarousel({ events }: { events: readonly CarouselEvent[] }) {
  return (
    <div className="swiper chapter-carousel" data-carousel>
      <div className="swiper-wrapper">
        {events.map((event, index) => (
          <div key={event._id} className="swiper-slide">
            <article className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
              <img
                {...imageSources(event.banner, sizesFor.carouselBanner)}
                width={1200}
                height={630}
                alt=""
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[1200/630] h-full w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-col justify-center p-6 sm:p-8">
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <Icon name="calendar" className="size-4" />
                  <time dateTime={`${event.eventDate}T${event.startTime}`}>{formatEventWhen(event)}</time>
                </p>
                <h3 className="mt-2 text-xl font-semibold text-slate-900">{event.title}</h3>
                <p className="mt-3 text-slate-700">{event.summary}</p>
                <p className="mt-6">
                  <a
                    href={`/events/${event._id}`}
                    className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline"
                  >
                    Event details<span className="sr-only">: {event.title}</span>
                    <Icon name="arrowRight" className="size-4" />
                  </a>
                </p>
              </div>
            </article>
          </div>
        ))}
      </div>
      <div className="swiper-pagination" />
    </div>
  )
}
