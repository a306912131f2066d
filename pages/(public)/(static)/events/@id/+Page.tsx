import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { availabilityText } from '#components/events/availability'
import { EVENT_BANNER } from '#components/events/banner'
import { RegistrationPanel } from '#components/events/RegistrationPanel'
import { formatDate, formatTimeRange } from '#components/shared/dates'
import { formatFees } from '#components/shared/fees'
import { imageSources, sizesFor } from '#components/shared/responsive-image'
import { Icon, type UiIconName } from '#components/ui/icons'
import { BackLink } from '#components/ui/PageBanner'
import { googleCalendarUrl, openStreetMapUrl, outlookCalendarUrl } from '#db/event-links'
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

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50'

export function Page() {
  const { event, descriptionHtml, banner, registration, registrationForm, linkRequest } = useData<Data>()
  const { publicUrl } = usePageContext()
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <p>
        <BackLink href="/events">All events</BackLink>
      </p>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">
        {event.title}
      </h1>
      {/* On a phone the details box comes after the description: when it is, first of all, stays here. */}
      <p className="mt-3 font-semibold text-slate-700 lg:hidden" data-event-when>
        <time dateTime={event.eventDate}>{formatDate(event.eventDate)}</time>,{' '}
        {formatTimeRange(event.startTime, event.endTime)}
      </p>
      <img
        {...imageSources(banner, sizesFor.eventBanner)}
        width={EVENT_BANNER.width}
        height={EVENT_BANNER.height}
        alt={`Banner of ${event.title}`}
        fetchPriority="high"
        className={`mt-8 ${EVENT_BANNER.frame} w-full rounded-2xl bg-slate-100 shadow-md`}
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="event-about" className="min-w-0">
          <h2 id="event-about" className="text-xl font-bold text-slate-900">
            About this event
          </h2>
          <div
            className="prose-article mt-4 break-words"
            // Markdown rendered on the server without raw HTML or unsafe links (components/shared/markdown.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML produced on the server.
            dangerouslySetInnerHTML={{ __html: descriptionHtml }}
          />
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
              <time dateTime={event.eventDate}>{formatDate(event.eventDate)}</time>
            </Fact>
            <Fact icon="clock" label="Time">
              {formatTimeRange(event.startTime, event.endTime)}
            </Fact>
            <Fact icon="location" label="Location">
              {event.registrationMethod === 'Offline' ? (
                <a
                  href={openStreetMapUrl(event.location)}
                  target="_blank"
                  rel="noopener"
                  className="text-brand-800 underline underline-offset-2 hover:text-brand-950"
                >
                  {event.location}
                  <span className="sr-only"> (map on OpenStreetMap)</span>
                  <Icon name="external" className="ml-1 inline size-4 align-[-2px]" />
                </a>
              ) : (
                event.location
              )}
            </Fact>
            <Fact icon="ticket" label="Fees">
              {formatFees(event.fees)}
            </Fact>
            <Fact icon="globe" label="Format">
              {event.registrationMethod === 'Offline' ? 'In person' : 'Online'}
            </Fact>
          </dl>
          <div className="mt-8 flex flex-col gap-3">
            {registration ? (
              <>
                <p className="text-center font-semibold text-slate-800" data-registration-availability>
                  {availabilityText(registration)}
                </p>
                {registration.state === 'open' || registration.state === 'waitlist' ? (
                  <a
                    href="#register"
                    className="inline-flex items-center justify-center gap-2 rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-950 hover:bg-amber-300"
                  >
                    {registration.state === 'waitlist' ? 'Join the waiting list' : 'Register Now'}
                  </a>
                ) : null}
              </>
            ) : (
              <a
                href={event.eventLink}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center justify-center gap-2 rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-950 hover:bg-amber-300"
              >
                Register Now <Icon name="external" className="size-4" />
              </a>
            )}
            <section aria-labelledby="event-add-to-calendar" className="mt-2">
              <h3 id="event-add-to-calendar" className="text-sm font-semibold text-slate-700">
                Add to calendar
              </h3>
              <ul className="mt-2 grid grid-cols-2 gap-2">
                <li>
                  <a href={`/events/${event._id}.ics`} className={`${secondaryButton} w-full`}>
                    <Icon name="calendar" className="size-4" /> .ics file
                  </a>
                </li>
                <CalendarLink href={googleCalendarUrl(event, publicUrl)} name="Google Calendar" />
                <CalendarLink
                  href={outlookCalendarUrl(event, publicUrl, 'outlook.live.com')}
                  name="Outlook.com"
                />
                <CalendarLink
                  href={outlookCalendarUrl(event, publicUrl, 'outlook.office.com')}
                  name="Microsoft 365"
                  spoken="Outlook (opens in a new tab)"
                />
              </ul>
            </section>
          </div>
        </aside>
      </div>
      {registration ? (
        <RegistrationPanel panel={registration} state={registrationForm} linkRequest={linkRequest} />
      ) : null}
    </article>
  )
}

/** A calendar site's link to add the event, opened in a new tab (said to a screen reader). */
function CalendarLink({
  href,
  name,
  spoken = '(opens in a new tab)',
}: {
  href: string
  name: string
  /** What a screen reader hears after the name. */
  spoken?: string
}) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener" className={`${secondaryButton} w-full`}>
        {name}
        <span className="sr-only">{` ${spoken}`}</span>
      </a>
    </li>
  )
}
