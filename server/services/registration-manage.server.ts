import type { Queryable } from '#db/client.server'
import { findEventById } from '#db/queries/events.server'
import { findActiveRegistrationByEmail, updateRegistration } from '#db/queries/registrations.server'
import { lookUpRegistration, type RegistrationView } from './links.server'
import {
  EVENT_STARTED_MESSAGE,
  LINK_MAIL_EVERY_MS,
  type RegistrationBase,
  RegistrationRefused,
  seatStatusOf,
  settingsOf,
} from './registration-base.server'
import type { RegistrationSeats } from './registration-seats.server'

/** What an attendee does through their manage link: see it, cancel, take an offered seat, ask for the link. */
export function createRegistrationManage(base: RegistrationBase, seats: RegistrationSeats) {
  const { db, outbox, clock, queue, write, committed } = base

  /** When each registration last had its link sent on request (sendManageLink); old entries leave as it runs. */
  const linkMailsSent = new Map<string, number>()

  const found = (tx: Queryable, token: string): RegistrationView => {
    const view = lookUpRegistration(tx, token, clock())
    if (!view) throw new RegistrationRefused(404, 'This registration link is not valid.')
    return view
  }

  const view = (token: string): RegistrationView => found(db, token)

  /** Takes the offered seat in `tx`: 'expired' when the offer has run out (passed on at once if not yet). */
  const acceptIn = (tx: Queryable, token: string): { outcome: 'expired' | 'accepted'; queued: number } => {
    const { registration, event, offerExpired } = found(tx, token)
    if (offerExpired)
      return { outcome: 'expired', queued: seats.cancelIn(tx, event, registration, 'offer-expired') }
    if (registration.status === 'cancelled' && registration.cancelReason === 'offer-expired')
      return { outcome: 'expired', queued: 0 }
    if (registration.status !== 'offered')
      throw new RegistrationRefused(409, 'There is no seat offered to this registration.')
    const status = seatStatusOf(event, settingsOf(tx, event.id))
    const seated = updateRegistration(tx, registration.id, {
      status,
      offerExpiresAt: null,
      confirmedAt: status === 'confirmed' ? new Date(clock()) : null,
      icsSequence: registration.icsSequence + 1,
    })
    return { outcome: 'accepted', queued: queue(tx, [{ kind: status, event, registration: seated }]) }
  }

  return {
    view,
    /** The registration of a manage link's token, or undefined. */
    find: (token: string) => lookUpRegistration(db, token, clock()),

    /** The attendee cancels through the manage link. */
    cancelByAttendee(token: string): RegistrationView {
      const queued = write((tx) => {
        const { registration, event } = found(tx, token)
        if (registration.status === 'cancelled')
          throw new RegistrationRefused(409, 'This registration is already cancelled.')
        // After the start the registration is a record of who came: the reports count it.
        if (base.eventStarted(event, clock())) throw new RegistrationRefused(409, EVENT_STARTED_MESSAGE)
        return seats.cancelIn(tx, event, registration, 'attendee')
      })
      committed(queued)
      return view(token)
    },

    /**
     * The attendee takes the seat offered to them. An offer past its hold is passed on at once and
     * answered 410.
     */
    acceptOffer(token: string): RegistrationView {
      const { outcome, queued } = write((tx) => acceptIn(tx, token))
      committed(queued)
      if (outcome === 'expired')
        throw new RegistrationRefused(410, 'This offer has expired: the seat has gone to the next in line.')
      return view(token)
    },

    /**
     * "Send me my link": the registration of this address for the event, if it has one that is not
     * cancelled, gets its manage link (and a confirmed one its ticket) by mail, at most once in
     * LINK_MAIL_EVERY_MS. The caller learns nothing of whether the address is registered.
     */
    sendManageLink(eventId: string, email: string): void {
      const registration = findActiveRegistrationByEmail(db, eventId, email)
      const event = registration && findEventById(db, eventId)
      if (!registration || !event) return
      const now = clock()
      for (const [id, at] of linkMailsSent) if (now - at >= LINK_MAIL_EVERY_MS) linkMailsSent.delete(id)
      if (linkMailsSent.has(registration.id)) return
      linkMailsSent.set(registration.id, now)
      // Nothing a public page shows changed: the mail goes, the cached pages stay.
      if (queue(db, [{ kind: 'link', event, registration }]) > 0) outbox.wake()
    },
  }
}
