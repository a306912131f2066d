import { crc32, deflateSync } from 'node:zlib'
import QRCode from 'qrcode'
import { splitTicketCode } from '#components/shared/ticket-code'
import type { Database } from '#db/client.server'
import { eventWhenText } from '#db/local-time'
import { findEventById } from '#db/queries/events.server'
import { findRegistration } from '#db/queries/registrations.server'
import type { Registration } from '#db/schema'
import type { TicketKeys } from '../auth/ticket-key.server'

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

/** Error correction M: a printed or cracked-screen code still reads; 122 characters fit in version 8. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const

/** A URL as an inline SVG QR code (`role="img"` with its text alternative added by the page). */
export const qrSvgOf = (text: string): Promise<string> =>
  QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' })

/**
 * A URL as a PNG QR code (for mails: an inline image), `scale` pixels a module, with a 2-module quiet zone.
 * Synchronous, unlike qrcode's toBuffer: mails are queued inside a registration's write transaction. The
 * modules are qrcode's; the PNG is one 8-bit grey channel.
 */
export function qrPngOf(text: string, scale = 6): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel })
  const side = (modules.size + 2 * QR_OPTIONS.margin) * scale
  const rows = Buffer.alloc((side + 1) * side, 0xff)
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = 0 // no filter
    const moduleY = Math.floor(y / scale) - QR_OPTIONS.margin
    for (let x = 0; x < side; x++) {
      const moduleX = Math.floor(x / scale) - QR_OPTIONS.margin
      const inside = moduleX >= 0 && moduleY >= 0 && moduleX < modules.size && moduleY < modules.size
      if (inside && modules.get(moduleY, moduleX)) rows[y * (side + 1) + 1 + x] = 0
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bits per sample
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

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
