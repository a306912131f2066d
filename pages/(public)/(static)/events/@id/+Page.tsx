import { useData } from 'vike-react/useData'
import { toParagraphs } from '../../../../../components/text/words'
import { Icon, type UiIconName } from '../../../../../components/ui/icons'
import { BackLink } from '../../../../../components/ui/PageBanner'
import { imageSources, sizesFor } from '../../../../../components/ui/responsive-image'
import type { Data } from './+data'

function Fact({ icon, label, children }: { icon: UiIconName; label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={icon} className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-1 pl-10 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  )
}

export function Page() {
  const { event, banner } = useData<Data>()
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <p>
        <BackLink href="/events">All events</BackLink>
      </p>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">
        {event.title}
      </h1>
      <img
        {...imageSources(banner, sizesFor.eventBanner)}
        width={1200}
        height={630}
        alt={`Banner of ${event.title}`}
        fetchPriority="high"
        className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover shadow-md"
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="event-about" className="min-w-0">
          <h2 id="event-about" className="text-xl font-bold text-slate-900">
            About this event
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed break-words text-slate-700">
            {toParagraphs(event.description).map((paragraph, index) => (
              // Paragraphs may repeat; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list rendered once on the server.
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </section>
        <aside
          aria-labelledby="event-details"
          className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="event-details" className="sr-only">
            Event details
          </h2>
          <dl className="space-y-5">
            <Fact icon="user" label="Organized By">
              {event.host}
            </Fact>
            <Fact icon="calendar" label="Date">
              <time dateTime={event.eventDate}>{event.eventDate}</time>
            </Fact>
            <Fact icon="clock" label="Time">
              <time dateTime={event.startTime}>{event.startTime}</time> -{' '}
              <time dateTime={event.endTime}>{event.endTime}</time>
            </Fact>
            <Fact icon="location" label="Location">
              {event.location}
            </Fact>
            <Fact icon="ticket" label="Fees">
              {event.fees === 0 ? 'Free' : `${event.fees.toLocaleString('en-US')} BDT`}
            </Fact>
            <Fact icon="globe" label="Registration">
              {event.registrationMethod}
            </Fact>
          </dl>
          <div className="mt-8 flex flex-col gap-3">
            <a
              href={event.eventLink}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center justify-center gap-2 rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-950 hover:bg-amber-300"
            >
              Register Now <Icon name="external" className="size-4" />
            </a>
            <a
              href={`/events/${event._id}.ics`}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <Icon name="calendar" className="size-4" /> Add to calendar (.ics)
            </a>
          </div>
        </aside>
      </div>
    </article>
  )
}
