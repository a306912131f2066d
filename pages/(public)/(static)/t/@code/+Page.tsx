import { useData } from 'vike-react/useData'
import { Facts } from '#components/ui/Facts'
import { PageBanner } from '#components/ui/PageBanner'
import { QrCode } from '#components/ui/QrCode'
import type { TicketState } from '#server/services/tickets.server'
import { LinkNotValid } from '../../LinkNotValid'
import type { Data } from './+data'

const STATE_TEXT: Record<TicketState, { text: string; tone: string }> = {
  valid: {
    text: 'Valid: show this code at the door.',
    tone: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  },
  cancelled: {
    text: 'Cancelled: this registration was cancelled, the ticket no longer works.',
    tone: 'border-red-300 bg-red-50 text-red-950',
  },
  replaced: {
    text: 'Replaced by a newer ticket: use the one in your latest mail.',
    tone: 'border-amber-300 bg-amber-50 text-amber-950',
  },
  'not-confirmed': {
    text: 'Not confirmed yet: the ticket works once your seat is confirmed.',
    tone: 'border-amber-300 bg-amber-50 text-amber-950',
  },
}

/**
 * A ticket (docs/product.md#at-the-door), at `/t/<code>`: the attendee, the event and the QR code the door
 * scans. Works without scripts, prints on one page, and is rendered for whoever holds it, never cached.
 */
export function Page() {
  const { ticket } = useData<Data>()
  if (!ticket)
    return (
      <LinkNotValid title="This ticket is not valid">
        <p>Check that you opened the whole link from your mail.</p>
      </LinkNotValid>
    )
  const state = STATE_TEXT[ticket.state]
  return (
    <>
      <div className="print:hidden">
        <PageBanner title="Your ticket" eyebrow={ticket.event.title} />
      </div>
      <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6 print:py-0">
        <p role="status" className={`rounded-xl border p-4 text-lg font-semibold ${state.tone}`}>
          {state.text}
        </p>
        <article
          aria-labelledby="ticket-name"
          className="rounded-2xl border border-slate-300 bg-white p-6 print:border-black"
        >
          <p className="text-sm text-slate-600">Ticket for</p>
          <h2 id="ticket-name" className="text-2xl font-bold break-words text-slate-900">
            {ticket.attendeeName}
          </h2>
          <Facts
            items={[
              ['Event', ticket.event.title],
              ['When', ticket.event.when],
              ['Where', ticket.event.location],
            ]}
          />
          {ticket.state === 'valid' ? (
            <QrCode
              svg={ticket.qrSvg}
              label={`QR code of the ticket of ${ticket.attendeeName}`}
              className="mx-auto mt-6 w-full max-w-72"
            />
          ) : null}
        </article>
      </div>
    </>
  )
}
