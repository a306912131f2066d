import { eventTimes, localDateOf } from '#db/clock'
import { findEventById } from '#db/queries/events.server'
import {
  confirmedWithoutReminder,
  expiredOffers,
  findRegistration,
  registrationEventsBetween,
  updateRegistration,
} from '#db/queries/registrations.server'
import type { Event } from '#db/schema'
import { queueOfficersDigests } from './officers-digest.server'
import { REMINDER_BEFORE_START_MS, type RegistrationBase } from './registration-base.server'
import type { RegistrationMailDraft } from './registration-mail-queue.server'
import type { RegistrationSeats } from './registration-seats.server'

/**
 * The scheduler's round: offers past their hold pass to the next in line, and confirmed attendees get
 * their reminder 24 hours before the start (one each; none for a seat confirmed inside those 24 hours),
 * and each event's officers get their daily list of new pending registrations (officers-digest.server.ts).
 */
export function createRegistrationDueRound(base: RegistrationBase, seats: RegistrationSeats) {
  const { db, outbox, clock, timeZone, queue, write, committed } = base

  /** Passes on the offers past their hold at `now`; returns how many and the mails queued. */
  const passOnExpiredOffers = (now: number) => {
    let queued = 0
    let expired = 0
    for (const offer of expiredOffers(db, new Date(now))) {
      write((tx) => {
        const current = findRegistration(tx, offer.eventId, offer.id)
        const event = findEventById(tx, offer.eventId)
        if (!current || !event || current.status !== 'offered') return
        if ((current.offerExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) > now) return
        queued += seats.cancelIn(tx, event, current, 'offer-expired')
        expired++
      })
    }
    return { expired, queued }
  }

  /** Marks the event's confirmed registrations reminded and queues their reminders. */
  const remind = (event: Event, now: number, remindFrom: number): { reminded: number; queued: number } =>
    write((tx) => {
      const mails: RegistrationMailDraft[] = []
      for (const registration of confirmedWithoutReminder(tx, event.id)) {
        const marked = updateRegistration(tx, registration.id, { remindedAt: new Date(now) })
        // Confirmed inside the last 24 hours: the confirmation said it all.
        if ((registration.confirmedAt?.getTime() ?? now) > remindFrom) continue
        mails.push({ kind: 'reminder', event, registration: marked })
      }
      return { reminded: mails.length, queued: queue(tx, mails) }
    })

  /** The reminders due at `now`: how many, and the mails queued. */
  const sendReminders = (now: number) => {
    let reminded = 0
    let queued = 0
    const today = localDateOf(now, timeZone)
    const dayAfterTomorrow = localDateOf(now + 2 * REMINDER_BEFORE_START_MS, timeZone)
    for (const { event } of registrationEventsBetween(db, today, dayAfterTomorrow)) {
      const { start } = eventTimes(event, timeZone)
      const remindFrom = start - REMINDER_BEFORE_START_MS
      if (now < remindFrom || now >= start) continue
      const done = remind(event, now, remindFrom)
      reminded += done.reminded
      queued += done.queued
    }
    return { reminded, queued }
  }

  /** Returns what the round did. */
  return (): { expired: number; reminded: number; listed: number } => {
    const now = clock()
    const offers = passOnExpiredOffers(now)
    const { expired } = offers
    // Without a mail server there is no one to remind, and nothing to mark.
    if (!outbox.configured) {
      if (expired > 0) committed(offers.queued)
      return { expired, reminded: 0, listed: 0 }
    }
    const { reminded, queued: reminders } = sendReminders(now)
    const queued = offers.queued + reminders
    // The officers' daily list of new pending registrations.
    const listed = write((tx) => queueOfficersDigests(tx, now, base.mailContext, outbox.now()))
    if (expired > 0 || queued > 0) committed(queued)
    else if (listed > 0) outbox.wake()
    return { expired, reminded, listed }
  }
}
