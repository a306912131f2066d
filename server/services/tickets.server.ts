import QRCode from 'qrcode'
import { eventWhenText } from '#components/shared/dates'
import { splitTicketCode } from '#components/shared/ticket-code'
import type { Database } from '#db/client.server'
import { findEventById } from '#db/queries/events.server'
import { findRegistration } from '#db/queries/registrations.server'
import type { Registration } from '#db/schema'
import type { TicketKeys } from '../auth/ticket-key.server'
import { QR_OPTIONS } from '../mail/qr-code.server'

/** What a ticket's page says of it. */
export type TicketState = 'valid' | 'cancelled' | 'replaced' | 'not-confirmed'

export type TicketView = {
  state: TicketState
  attendeeName: string
  event: { id: string; title: string; when: string; location: string }
  url: string
  /** The ticket's URL as a QR code: an inline SVG. */
  qrSvg: string
}

/** A URL as an inline SVG QR code (`role="img"` with its text alternative added by the page). */
export const qrSvgOf = (text: string): Promise<string> =>
  QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' })

export type TicketPages = ReturnType<typeof createTicketPages>

/**
 * Tickets (docs/product.md#at-the-door): every confirmed registration's code, signed with its event's key, its
 * URL `PUBLIC_URL/t/<code>`, and what the ticket page shows for a code.
 */
export function createTicketPages({
  db,
  keys,
  publicUrl,
  timeZone,
}: {
  db: Database
  keys: TicketKeys
  publicUrl: string
  timeZone: string
}) {
  const codeOf = (registration: Pick<Registration, 'id' | 'eventId' | 'ticketVersion'>) =>
    keys.sign({
      eventId: registration.eventId,
      registrationId: registration.id,
      ticketVersion: registration.ticketVersion,
    })
  const urlOf = (registration: Pick<Registration, 'id' | 'eventId' | 'ticketVersion'>) =>
    `${publicUrl}/t/${codeOf(registration)}`

  return {
    codeOf,
    urlOf,
    /** The ticket of a code whose signature holds, as its page shows it; null for anything else. */
    view: async (code: string): Promise<TicketView | null> => {
      if (!splitTicketCode(code)) return null
      const claims = keys.verify(code)
      const registration = claims && findRegistration(db, claims.eventId, claims.registrationId)
      const event = claims && findEventById(db, claims.eventId)
      if (!claims || !registration || !event || registration.anonymisedAt) return null
      const state: TicketState =
        registration.status === 'cancelled'
          ? 'cancelled'
          : claims.ticketVersion !== registration.ticketVersion
            ? 'replaced'
            : registration.status !== 'confirmed'
              ? 'not-confirmed'
              : 'valid'
      const url = `${publicUrl}/t/${code}`
      return {
        state,
        attendeeName: registration.name,
        event: {
          id: event.id,
          title: event.title,
          when: eventWhenText(event, timeZone),
          location: event.location,
        },
        url,
        qrSvg: await qrSvgOf(url),
      }
    },
  }
}
