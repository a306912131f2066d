import type { Queryable } from '#db/client.server'
import { findEventById } from '#db/queries/events.server'
import { anyMailGone } from '#db/queries/outbox.server'
import {
  ACTIVE_STATUSES,
  EVENT_CANCELLED_MAIL,
  registrationsInStatus,
  updateRegistration,
} from '#db/queries/registrations.server'
import type { Event } from '#db/schema'
import { EVENT_CANCELLED_DELAY_MS, type RegistrationBase } from './registration-base.server'
import type { RegistrationMailDraft } from './registration-mail-queue.server'

/** What an event's registrations hear when the event moves, is deleted or comes back from the trash. */
export function createRegistrationEventChanges(base: RegistrationBase) {
  const { outbox, queue, write, committed } = base
  return {
    /**
     * After an event's update, inside its transaction: a new date, time or place is mailed to every
     * registration still on (with the calendar file at SEQUENCE + 1), and the reminder is due again.
     */
    eventChangedIn(tx: Queryable, before: Event, after: Event): number {
      const timeMoved = before.eventDate !== after.eventDate || before.startTime !== after.startTime
      const moved = timeMoved || before.endTime !== after.endTime || before.location !== after.location
      if (!moved) return 0
      const mails: RegistrationMailDraft[] = []
      for (const registration of registrationsInStatus(tx, after.id, ACTIVE_STATUSES)) {
        const updated = updateRegistration(tx, registration.id, {
          icsSequence: registration.icsSequence + 1,
          ...(timeMoved ? { remindedAt: null } : {}),
        })
        mails.push({ kind: 'update', event: after, registration: updated, previous: before })
      }
      return queue(tx, mails)
    },

    /**
     * Inside an event's delete (before its rows go to the trash): the mails that tell its attendees it is
     * off, held back until the Undo has run out. A restore takes them back (withdrawPendingMails).
     */
    eventDeletedIn(tx: Queryable, event: Event): number {
      const notBefore = new Date(outbox.now().getTime() + EVENT_CANCELLED_DELAY_MS)
      const mails = registrationsInStatus(tx, event.id, ACTIVE_STATUSES).map((registration) => ({
        kind: 'event-cancelled' as const,
        event,
        registration: { ...registration, icsSequence: registration.icsSequence + 1 },
        subjectId: event.id,
        notBefore,
      }))
      return queue(tx, mails)
    },

    /**
     * After an event is restored from the trash: when its attendees were already told it was off (a
     * cancellation mail has gone), each registration still on is told it is back, with a calendar file that
     * puts it back (SEQUENCE past the cancellation's) and, confirmed, its ticket. Returns the mails queued.
     */
    eventRestored(eventId: string): number {
      const queued = write((tx) => {
        const event = findEventById(tx, eventId)
        if (!event || !anyMailGone(tx, EVENT_CANCELLED_MAIL, eventId)) return 0
        const mails = registrationsInStatus(tx, eventId, ACTIVE_STATUSES).map((registration) => ({
          kind: 'event-restored' as const,
          event,
          // The cancellation went out at SEQUENCE + 1 (never stored): this one comes after it.
          registration: updateRegistration(tx, registration.id, {
            icsSequence: registration.icsSequence + 2,
          }),
        }))
        return queue(tx, mails)
      })
      committed(queued)
      return queued
    },
  }
}
