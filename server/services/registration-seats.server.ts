import type { Queryable } from '#db/client.server'
import { eventTimes } from '#db/clock'
import {
  countRegistrationsByStatus,
  firstWaiting,
  SEAT_STATUSES,
  seatsTaken,
  updateRegistration,
} from '#db/queries/registrations.server'
import type { Event, Registration } from '#db/schema'
import type { RegistrationSettingsInput } from '#db/validation'
import { isSeated } from '../mail/registration-mails.server'
import {
  OFFER_CUTOFF_BEFORE_START_MS,
  type RegistrationBase,
  seatStatusOf,
  settingsOf,
} from './registration-base.server'

/** Seats that free up and the waiting list that takes them: cancelling, offers and their hold. */
export function createRegistrationSeats(base: RegistrationBase) {
  const { clock, timeZone, queue } = base
  const holdMs = base.options.offerHoldHours * 60 * 60 * 1000

  /** The first in line gets the seat itself, or an offer held until `holdUntil`; returns the mails queued. */
  const seatNext = (
    tx: Queryable,
    event: Event,
    settings: RegistrationSettingsInput,
    next: Registration,
    { now, holdUntil }: { now: number; holdUntil: number },
  ) => {
    const sequence = next.icsSequence + 1
    if (holdUntil <= now) {
      const status = seatStatusOf(event, settings)
      const seated = updateRegistration(tx, next.id, {
        status,
        icsSequence: sequence,
        confirmedAt: status === 'confirmed' ? new Date(now) : null,
      })
      return queue(tx, [{ kind: status, event, registration: seated }])
    }
    const offered = updateRegistration(tx, next.id, {
      status: 'offered',
      icsSequence: sequence,
      offerExpiresAt: new Date(holdUntil),
    })
    return queue(tx, [{ kind: 'offer', event, registration: offered }])
  }

  /**
   * Gives freed seats to the waiting list, first in line first: an offer held for OFFER_HOLD_HOURS (never
   * past 2 hours before the start), or the seat itself when that is closer than the hold. Runs inside the
   * transaction that freed the seats; returns the mails queued.
   */
  const fillFreedSeats = (tx: Queryable, event: Event, settings: RegistrationSettingsInput): number => {
    if (!settings.enabled) return 0
    const now = clock()
    const holdUntil = Math.min(now + holdMs, eventTimes(event, timeZone).start - OFFER_CUTOFF_BEFORE_START_MS)
    let queued = 0
    for (;;) {
      const counts = countRegistrationsByStatus(tx, event.id)
      if (settings.capacity !== null && seatsTaken(counts) >= settings.capacity) return queued
      const next = firstWaiting(tx, event.id)
      if (!next) return queued
      queued += seatNext(tx, event, settings, next, { now, holdUntil })
    }
  }

  /** Cancels a registration in the caller's transaction; a seat it held goes to the waiting list. */
  const cancelIn = (
    tx: Queryable,
    event: Event,
    registration: Registration,
    reason: 'attendee' | 'officer' | 'offer-expired',
  ): number => {
    const heldSeat = (SEAT_STATUSES as readonly string[]).includes(registration.status)
    const cancelled = updateRegistration(tx, registration.id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: new Date(clock()),
      offerExpiresAt: null,
      icsSequence: registration.icsSequence + 1,
    })
    // Every reason is told, an offer that ran out too: its holder may still be waiting for the seat.
    let queued = queue(tx, [
      { kind: 'cancelled', event, registration: cancelled, hadSeat: isSeated(registration.status) },
    ])
    if (heldSeat) queued += fillFreedSeats(tx, event, settingsOf(tx, event.id))
    return queued
  }

  return { fillFreedSeats, cancelIn }
}

export type RegistrationSeats = ReturnType<typeof createRegistrationSeats>
