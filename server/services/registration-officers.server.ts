import { site } from '#content/site'
import type { Queryable } from '#db/client.server'
import { newId } from '#db/ids.server'
import { findChapterById } from '#db/queries/accounts.server'
import { type Actor, logActivity } from '#db/queries/activity.server'
import { outboxProgress } from '#db/queries/outbox.server'
import {
  ACTIVE_STATUSES,
  countRegistrationsByStatus,
  findRegistration,
  registrationsInStatus,
  type StatusCounts,
  saveRegistrationSettings,
  seatsTaken,
  updateRegistration,
} from '#db/queries/registrations.server'
import { readSiteContactEmail } from '#db/queries/site-texts.server'
import type { Event, Registration, RegistrationStatus } from '#db/schema'
import type { AttendeeMessageInput, RegistrationSettingsInput } from '#db/validation'
import { REGISTRATION_MAIL_KINDS } from '../mail/registration-mails.server'
import { type RegistrationBase, RegistrationRefused } from './registration-base.server'
import type { RegistrationSeats } from './registration-seats.server'

/** The highest ticket version a code holds (two bytes). */
const TICKET_VERSION_MAX = 0xffff

/**
 * What a message's mails are about: the event and the message, so its progress is read only through its
 * own event (another chapter's event names no message of ours).
 */
const messageSubjectOf = (eventId: string, messageId: string) => `${eventId}/${messageId}`

const seatsLine = (counts: StatusCounts) =>
  `${counts.confirmed} confirmed, ${counts.pending} pending, ${counts.offered} offered`

/** An officer's change to a registration in the activity log. */
const logRegistrationChange = (
  tx: Queryable,
  actor: Actor,
  event: Event,
  change: {
    action: 'confirm' | 'cancel' | 'update'
    registration: Registration
    details: Record<string, unknown>
  },
) =>
  logActivity(tx, {
    actor,
    action: change.action,
    type: 'registration',
    itemId: change.registration.id,
    itemTitle: `${change.registration.name}, ${event.title}`,
    chapterId: event.ownerId,
    details: change.details,
  })

/** The registrations a message to attendees goes to. */
const messageStatuses = (to: AttendeeMessageInput['to']): readonly RegistrationStatus[] =>
  to === 'confirmed' ? ['confirmed'] : to === 'waitlisted' ? ['waitlisted', 'offered'] : ACTIVE_STATUSES

/** Officers' changes to an event's registrations: their status, tickets, the settings, messages. */
export function createRegistrationOfficers(base: RegistrationBase, seats: RegistrationSeats) {
  const { db, outbox, clock, queue, write, committed } = base

  /** An officer's confirmation or cancellation of one registration in `tx`; returns the mails queued. */
  const setStatusIn = (
    tx: Queryable,
    event: Event,
    registration: Registration,
    status: 'confirmed' | 'cancelled',
  ) => {
    if (status === 'cancelled') return seats.cancelIn(tx, event, registration, 'officer')
    const confirmed = updateRegistration(tx, registration.id, {
      status: 'confirmed',
      offerExpiresAt: null,
      confirmedAt: new Date(clock()),
      icsSequence: registration.icsSequence + 1,
    })
    return queue(tx, [{ kind: 'confirmed', event, registration: confirmed }])
  }

  /** The reissue in `tx`, with the mails it queued (reissueTicket). */
  const reissueIn = (tx: Queryable, event: Event, id: string, actor: Actor, name?: string) => {
    const registration = findRegistration(tx, event.id, id)
    if (!registration) throw new RegistrationRefused(404, 'Registration not found.')
    if (name === undefined && registration.status !== 'confirmed')
      throw new RegistrationRefused(409, 'Only a confirmed registration has a ticket.')
    if (name !== undefined && name === registration.name) return { after: registration, queued: 0 }
    const newTicket = registration.status === 'confirmed'
    if (newTicket && registration.ticketVersion >= TICKET_VERSION_MAX)
      throw new RegistrationRefused(409, 'This registration has had too many tickets.')
    const updated = updateRegistration(tx, registration.id, {
      ...(name === undefined ? {} : { name }),
      ...(newTicket ? { ticketVersion: registration.ticketVersion + 1 } : {}),
    })
    const queued = newTicket ? queue(tx, [{ kind: 'ticket', event, registration: updated }]) : 0
    logRegistrationChange(tx, actor, event, {
      action: 'update',
      registration: updated,
      details: {
        ...(name === undefined ? {} : { name: [registration.name, name] }),
        ...(newTicket ? { ticketVersion: [registration.ticketVersion, updated.ticketVersion] } : {}),
      },
    })
    return { after: updated, queued }
  }

  return {
    /**
     * An officer confirms (approves, marks paid, or takes from the waiting list, even past the capacity:
     * their call) or cancels registrations of the event, each logged. A confirmed or cancelled one is left
     * as it is. Returns how many changed.
     */
    setStatusByOfficer(event: Event, ids: string[], status: 'confirmed' | 'cancelled', actor: Actor): number {
      let queued = 0
      const changed = write((tx) => {
        let count = 0
        for (const id of ids) {
          const registration = findRegistration(tx, event.id, id)
          if (!registration || registration.status === 'cancelled' || registration.status === status) continue
          queued += setStatusIn(tx, event, registration, status)
          logRegistrationChange(tx, actor, event, {
            action: status === 'confirmed' ? 'confirm' : 'cancel',
            registration,
            details: { status: [registration.status, status] },
          })
          count++
        }
        return count
      })
      committed(queued)
      return changed
    },

    /**
     * A new ticket for a confirmed registration (a lost phone, a shared screenshot, a changed name): its
     * version grows, so every older code is refused as replaced, and the new one is mailed. The name
     * changes with it when given. Answers the registration as it is now.
     */
    reissueTicket(event: Event, id: string, actor: Actor, name?: string): Registration {
      const { after, queued } = write((tx) => reissueIn(tx, event, id, actor, name))
      committed(queued)
      return after
    },

    /**
     * Saves an event's registration settings inside the event's own write (its transaction). A capacity
     * below the seats already taken is refused; a larger one (or a waiting list to fill) promotes.
     */
    saveSettingsIn(tx: Queryable, event: Event, input: RegistrationSettingsInput): number {
      const counts = countRegistrationsByStatus(tx, event.id)
      const taken = seatsTaken(counts)
      if (input.capacity !== null && input.capacity < taken) {
        const message = `Capacity cannot be lower than the ${taken} seats already taken (${seatsLine(counts)}). Cancel registrations first.`
        throw new RegistrationRefused(409, message, { 'registration.capacity': message })
      }
      saveRegistrationSettings(tx, event.id, input)
      return seats.fillFreedSeats(tx, event, input)
    },

    /** "Message attendees": one mail per recipient through the outbox; returns the message's id and how many. */
    messageAttendees(
      event: Event,
      input: AttendeeMessageInput,
      actor: Actor,
    ): { messageId: string; queued: number } {
      if (!outbox.configured)
        throw new RegistrationRefused(409, 'No mail server is set up (SMTP_URL), so no message can be sent.')
      const messageId = newId()
      const queued = write((tx) => {
        const recipients = registrationsInStatus(tx, event.id, messageStatuses(input.to))
        // Answers go to the chapter (the site's address for an event of the branch), not to the no-reply sender.
        const replyTo =
          (event.ownerId && findChapterById(tx, event.ownerId)?.email) ||
          readSiteContactEmail(tx) ||
          site.contact.email
        const count = queue(
          tx,
          recipients.map((registration) => ({
            kind: 'message' as const,
            event,
            registration,
            message: { subject: input.subject, text: input.text },
            subjectId: messageSubjectOf(event.id, messageId),
            replyTo,
          })),
        )
        logActivity(tx, {
          actor,
          action: 'message',
          type: 'event',
          itemId: event.id,
          itemTitle: event.title,
          chapterId: event.ownerId,
          details: { to: input.to, subject: input.subject, recipients: count },
        })
        return count
      })
      if (queued > 0) outbox.wake()
      return { messageId, queued }
    },

    /** How a message to attendees is going: mails sent, waiting and given up. */
    messageProgress(event: Event, messageId: string) {
      return outboxProgress(db, REGISTRATION_MAIL_KINDS.message, messageSubjectOf(event.id, messageId))
    },
  }
}
