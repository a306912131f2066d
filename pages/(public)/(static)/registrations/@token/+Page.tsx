import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { whereTheMailWent } from '#components/events/registered-text'
import { Facts } from '#components/ui/Facts'
import { Icon } from '#components/ui/icons'
import { PageBanner } from '#components/ui/PageBanner'
import { QrCode } from '#components/ui/QrCode'
import { CardSection } from '../../CardSection'
import { LinkNotValid } from '../../LinkNotValid'
import type { Data } from './+data'

const OUTCOME_TEXT = {
  registered: 'Thank you: your registration is in.',
  cancelled: 'Your registration is cancelled.',
  accepted: 'The seat is yours.',
  expired: 'Too late, sorry: the offer expired and the seat went to the next in line.',
  unchanged: 'Nothing changed: the registration was already like this.',
  started: 'The event has started: the registration can no longer be cancelled.',
} as const

function Box({ tone, children }: { tone: 'good' | 'wait' | 'off'; children: ReactNode }) {
  const colours = {
    good: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    wait: 'border-amber-200 bg-amber-50 text-amber-950',
    off: 'border-slate-200 bg-slate-50 text-slate-800',
  }[tone]
  return <div className={`rounded-xl border p-5 ${colours}`}>{children}</div>
}

/** Where the registration stands, in words. */
function Status(data: Extract<Data, { found: true }>) {
  switch (data.status) {
    case 'confirmed':
      return (
        <Box tone="good">
          <p className="text-lg font-semibold">You are registered: your seat is confirmed.</p>
        </Box>
      )
    case 'pending':
      return (
        <Box tone="wait">
          <p className="text-lg font-semibold">Registration received: a seat is held for you.</p>
          <p className="mt-1">
            {data.payment
              ? 'The organisers confirm it once they have checked your payment; you will get a mail.'
              : 'The organisers confirm each registration; you will get a mail when they have.'}
          </p>
        </Box>
      )
    case 'waitlisted':
      return (
        <Box tone="wait">
          <p className="text-lg font-semibold">You are on the waiting list: place {data.position}.</p>
          <p className="mt-1">When a seat frees up, the first in line is offered it by mail.</p>
        </Box>
      )
    case 'offered':
      return data.offerExpired ? (
        <Box tone="off">
          <p className="text-lg font-semibold">The seat offered to you has expired.</p>
        </Box>
      ) : (
        <Box tone="good">
          <p className="text-lg font-semibold">A seat is free for you.</p>
          <p className="mt-1">Accept it before {data.offerUntil}; after that it goes to the next in line.</p>
          <form method="post" action={`/registrations/${data.token}/accept`} className="mt-4">
            <button
              type="submit"
              className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Accept the seat
            </button>
          </form>
        </Box>
      )
    case 'cancelled':
      return (
        <Box tone="off">
          <p className="text-lg font-semibold">
            {data.cancelReason === 'offer-expired'
              ? 'The seat offered to you expired, so this registration is closed.'
              : data.cancelReason === 'officer'
                ? 'The organisers cancelled this registration.'
                : 'This registration is cancelled.'}
          </p>
        </Box>
      )
  }
}

/**
 * A registration's manage page (docs/product.md#registration), at the private link from the mails: where
 * it stands, the calendar file, accepting an offered seat and cancelling. Plain forms: it works without
 * scripts, and is rendered for whoever holds the link, never cached.
 */
export function Page() {
  const data = useData<Data>()
  if (!data.found)
    return (
      <LinkNotValid title="This link is not valid">
        <p>
          Check that you copied the whole link from your mail. Registrations of events over a year old are no
          longer kept.
        </p>
        <p className="mt-4">
          <a className="font-semibold text-brand-800 hover:underline" href="/events">
            See the events
          </a>
        </p>
      </LinkNotValid>
    )
  const on = data.status !== 'cancelled' && !(data.status === 'offered' && data.offerExpired)
  return (
    <>
      <PageBanner title="Your registration" eyebrow={data.event.title} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
        {data.done ? (
          <p
            role="status"
            className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950"
          >
            {OUTCOME_TEXT[data.done]}
            {data.done === 'registered' && data.status !== 'cancelled' && data.status !== 'offered'
              ? ` ${whereTheMailWent(data.status, data.mailConfigured ? data.email : null)}`
              : null}
          </p>
        ) : null}
        <Status {...data} />
        <CardSection
          id="registration-event"
          title={
            <a className="hover:underline" href={`/events/${data.event.id}`}>
              {data.event.title}
            </a>
          }
        >
          <Facts
            items={[
              ['When', data.event.when],
              ['Where', data.event.location],
              ['Registered as', `${data.name} (${data.email})`],
            ]}
          />
          {on ? (
            <p className="mt-6">
              <a
                href={`/registrations/${data.token}/calendar.ics`}
                className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Icon name="calendar" className="size-4" /> Download the calendar file (.ics)
              </a>
            </p>
          ) : null}
        </CardSection>
        {data.ticket ? (
          <CardSection id="registration-ticket" title="Your ticket">
            <p className="mt-2 text-slate-700">Show this code at the door, on your phone or printed.</p>
            <QrCode
              svg={data.ticket.qrSvg}
              label={`QR code of the ticket of ${data.name}`}
              className="mt-4 w-full max-w-64"
            />
            <p className="mt-4">
              <a className="font-semibold text-brand-800 hover:underline" href={data.ticket.url}>
                Open the ticket page
              </a>
            </p>
          </CardSection>
        ) : null}
        {data.certificate ? (
          <CardSection id="registration-certificate" title="Your certificate">
            <p className="mt-2 text-slate-700">
              Serial <span className="font-mono font-semibold">{data.certificate.serial}</span>: anyone can{' '}
              <a
                className="font-semibold text-brand-800 underline"
                href={`/certificates/${data.certificate.serial}`}
              >
                check it
              </a>
              .
            </p>
            <p className="mt-4">
              <a
                href={`/registrations/${data.token}/certificate.pdf`}
                className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                Download your certificate (PDF)
              </a>
            </p>
          </CardSection>
        ) : null}
        {on && !data.started ? (
          <CardSection id="registration-cancel" title="Cancel your registration">
            <p className="mt-2 text-slate-700">
              Can't come? Cancel, and your place goes to the next person waiting. This cannot be undone.
            </p>
            <form method="post" action={`/registrations/${data.token}/cancel`} className="mt-4 space-y-4">
              <div className="flex items-start gap-3">
                <input
                  id="cancel-confirm"
                  name="confirm"
                  type="checkbox"
                  required
                  className="mt-1 size-5 rounded border-slate-400 text-red-700"
                />
                <label htmlFor="cancel-confirm" className="text-slate-800">
                  Yes, cancel my registration
                </label>
              </div>
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800"
              >
                Cancel registration
              </button>
            </form>
          </CardSection>
        ) : null}
      </div>
    </>
  )
}
