import type { PageContextServer } from 'vike/types'
import { formatEventWhen, formatLocalDateTime } from '#components/shared/dates'
import { eventTimes, localDateTimeOf } from '#db/clock'
import { findCertificateOfRegistration } from '#db/queries/certificates.server'
import { groupedSerial } from '#db/validation'
import { lookUpRegistration } from '#server/services/links.server'
import { qrSvgOf } from '#server/services/tickets.server'

export type Data = Awaited<ReturnType<typeof data>>

/** What happened after a button of this page (?done=…) or the event page's form (?registered=1). */
const OUTCOMES = ['cancelled', 'accepted', 'expired', 'unchanged', 'started'] as const

/** The registration of the link, or nothing when the link names none (or no longer: anonymised). */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? ''
  const now = pageContext.clock.now()
  const view = lookUpRegistration(pageContext.db, token, now)
  const search = pageContext.urlParsed.search
  const done: (typeof OUTCOMES)[number] | 'registered' | null =
    OUTCOMES.find((outcome) => outcome === search.done) ?? (search.registered ? 'registered' : null)
  if (!view) return { found: false as const, done }
  const { registration, event, position, offerExpired } = view
  const { timeZone } = pageContext
  const certificate = findCertificateOfRegistration(pageContext.db, registration.id)
  // A confirmed registration's ticket: its link and QR code (the door scans either).
  const ticketUrl = registration.status === 'confirmed' ? pageContext.tickets.urlOf(registration) : null
  return {
    ticket: ticketUrl ? { url: ticketUrl, qrSvg: await qrSvgOf(ticketUrl) } : null,
    found: true as const,
    done,
    mailConfigured: pageContext.mailConfigured,
    token,
    status: registration.status,
    cancelReason: registration.cancelReason,
    position,
    offerExpired,
    /** The event has started: the registration is no longer cancelled here (nor through the API). */
    started: now >= eventTimes(event, timeZone).start,
    offerUntil: registration.offerExpiresAt
      ? `${formatLocalDateTime(localDateTimeOf(registration.offerExpiresAt.getTime(), timeZone))} (${timeZone} time)`
      : null,
    name: registration.name,
    email: registration.email,
    payment: registration.paymentMethod !== null,
    /** The attendee's certificate, once issued (a revoked one is not offered). */
    certificate: certificate && !certificate.revokedAt ? { serial: groupedSerial(certificate.serial) } : null,
    event: {
      id: event.id,
      title: event.title,
      when: formatEventWhen(event),
      location: event.location,
    },
  }
}
