import { ticketCodeFromScan } from '#components/shared/ticket-code'
import type { Database } from '#db/client.server'
import {
  type CheckInOutcome,
  checkInCounts,
  clearCheckIn,
  findScan,
  insertScan,
  lastCheckInScan,
  markCheckedIn,
  type OtherRegistrationRow,
  otherRegistrationOf,
  rosterOf,
  searchAttendees,
  searchRoster,
} from '#db/queries/check-ins.server'
import { findRegistration } from '#db/queries/registrations.server'
import type { Event, Registration } from '#db/schema'
import type { CheckInInput } from '#db/validation'
import type { TicketKeys } from '../auth/ticket-key.server'
import type { Clock } from '../context.server'
import { ApiError } from '../errors.server'
import { type CheckInPrincipal, principalIdOf } from '../policy/principal.server'
import { isDoorVolunteer } from '../policy/rules.server'
import { actorAtDoor, itemOf, recordActivity, recordCheckIn } from './activity.server'

/**
 * How long a phone may have been offline: a scan it queued longer ago than this counts as made when it
 * arrives, and cannot be a conflict (docs/decisions/081-offline-check-in-conflicts.md).
 */
export const OFFLINE_WINDOW_MS = 12 * 60 * 60 * 1000

/** Results of the door's search. */
export const CHECK_IN_SEARCH_MAX = 20

/**
 * A check-in's answer, kept with the scan to answer a retry again: a success's status and body, or a
 * refusal in the API's one error shape (`{ success: false, message, details? }`, decision 008), `details`
 * naming the attendee and what the door needs to say (who let them in, the registration they hold now).
 */
export type CheckInAnswer = { status: number; body: Record<string, unknown> }

/** A refusal as the API answers it; `details` only when there is more to say than the message. */
const refusal = (status: number, message: string, details?: Record<string, unknown>): CheckInAnswer => ({
  status,
  body: details ? { success: false, message, details } : { success: false, message },
})

/** The answer as the router sends it: the body of a success, or the ApiError of a refusal. */
export function answerOf(answer: CheckInAnswer): Record<string, unknown> {
  if (answer.status < 400) return answer.body
  const { message, details } = answer.body as { message: string; details?: Record<string, unknown> }
  throw new ApiError(answer.status, message, undefined, details)
}

export type Attendee = Pick<Registration, 'id' | 'name' | 'status'>

const attendeeOf = (registration: Registration): Attendee => ({
  id: registration.id,
  name: registration.name,
  status: registration.status,
})

/** The registration a person holds besides a cancelled one, as the door's answers carry it. */
const otherRegistrationOut = (row: OtherRegistrationRow | null) =>
  row && {
    id: row.id,
    name: row.name,
    status: row.status,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedInBy: row.checkedInBy,
  }

export type CheckIns = ReturnType<typeof createCheckIns>

/**
 * The door (docs/product.md#at-the-door): checking attendees in by their ticket's code or from the search,
 * undoing it, and what a door phone keeps offline. Every scan that names a registration is logged with who
 * made it; one with the phone's scan id is answered again, never checked in twice.
 */
export function createCheckIns({ db, tickets, clock }: { db: Database; tickets: TicketKeys; clock: Clock }) {
  /** The registration a check-in names, or the answer that refuses it before any registration is known. */
  const resolve = (
    event: Pick<Event, 'id'>,
    input: CheckInInput,
  ): { registration: Registration; ticketVersion: number | null } | CheckInAnswer => {
    if (input.registrationId !== undefined) {
      const registration = findRegistration(db, event.id, input.registrationId)
      if (!registration) return refusal(404, 'Not a registration of this event')
      return { registration, ticketVersion: null }
    }
    const code = ticketCodeFromScan(input.code ?? '')
    const claims = code === null ? null : tickets.verify(code)
    if (!claims) return refusal(400, 'Not a valid ticket')
    const registration =
      claims.eventId === event.id ? findRegistration(db, event.id, claims.registrationId) : undefined
    if (!registration) return refusal(404, 'Not a ticket for this event')
    return { registration, ticketVersion: claims.ticketVersion }
  }

  /** When the scan was made: the phone's time for a queued scan within the offline window, else now. */
  const scanTimeOf = (scannedAt: string | undefined, now: number): { at: number; offline: boolean } => {
    const claimed = scannedAt === undefined ? Number.NaN : Date.parse(scannedAt)
    if (Number.isNaN(claimed) || claimed > now || claimed < now - OFFLINE_WINDOW_MS)
      return { at: now, offline: false }
    return { at: claimed, offline: true }
  }

  const checkIn = (
    event: Pick<Event, 'id' | 'title' | 'ownerId'>,
    principal: CheckInPrincipal,
    input: CheckInInput,
  ) =>
    db.transaction((): CheckInAnswer => {
      if (input.scanId !== undefined) {
        const earlier = findScan(db, event.id, input.scanId)
        if (earlier) return { status: earlier.answerStatus, body: JSON.parse(earlier.answer) }
      }
      const resolved = resolve(event, input)
      if ('status' in resolved) return resolved
      const { registration, ticketVersion } = resolved
      const now = clock()
      const scan = scanTimeOf(input.scannedAt, now)
      const attendee = attendeeOf(registration)
      const record = (outcome: CheckInOutcome, answer: CheckInAnswer): CheckInAnswer => {
        insertScan(db, {
          eventId: event.id,
          registrationId: registration.id,
          scanId: input.scanId ?? null,
          outcome,
          answerStatus: answer.status,
          answer: JSON.stringify(answer.body),
          principalId: principalIdOf(principal),
          principalName: principal.name,
          scannedAt: new Date(scan.at),
          createdAt: new Date(now),
        })
        return answer
      }
      if (registration.status === 'cancelled')
        return record(
          'cancelled',
          refusal(410, 'Cancelled', {
            attendee,
            // The same person may have registered again: the door lets them in on that one.
            otherRegistration: otherRegistrationOut(otherRegistrationOf(db, registration)),
          }),
        )
      if (ticketVersion !== null && ticketVersion !== registration.ticketVersion)
        return record('replaced', refusal(410, 'Replaced by a newer ticket', { attendee }))
      if (registration.status !== 'confirmed')
        // A conflict with the registration's state (waiting, pending): 409, as decision 008 lists.
        return record('not-confirmed', refusal(409, 'Not confirmed', { attendee }))
      if (markCheckedIn(db, registration.id, new Date(scan.at), principal.name)) {
        recordCheckIn(db, principal, event, new Date(now))
        return record('checked-in', {
          status: 200,
          body: {
            success: true,
            attendee,
            checkedInAt: new Date(scan.at).toISOString(),
            by: principal.name,
          },
        })
      }
      // In already. Made offline before the server heard of the first check-in, at another door: both
      // doors let the ticket in, so officers are told (a conflict), rather than the scan being lost.
      const first = lastCheckInScan(db, registration.id)
      const heardAt = first?.createdAt.getTime() ?? registration.checkedInAt?.getTime() ?? 0
      const conflict =
        scan.offline &&
        scan.at < heardAt &&
        first !== undefined &&
        first.principalId !== principalIdOf(principal)
      return record(
        conflict ? 'conflict' : 'already',
        refusal(409, 'Already checked in', {
          attendee,
          checkedInAt: registration.checkedInAt?.toISOString() ?? null,
          by: registration.checkedInBy,
          ...(conflict ? { conflict: true } : {}),
        }),
      )
    })

  return {
    checkIn,

    /** Undoes a check-in (a wrong tap): the registration is no longer in. */
    undo: (
      event: Pick<Event, 'id' | 'title' | 'ownerId'>,
      principal: CheckInPrincipal,
      registrationId: string,
    ) =>
      db.transaction(() => {
        const registration = findRegistration(db, event.id, registrationId)
        if (!registration) throw new ApiError(404, 'Registration not found.')
        clearCheckIn(db, registration.id)
        const now = new Date(clock())
        const attendee = attendeeOf(registration)
        insertScan(db, {
          eventId: event.id,
          registrationId: registration.id,
          scanId: null,
          outcome: 'undone',
          answerStatus: 200,
          answer: JSON.stringify({ success: true, attendee }),
          principalId: principalIdOf(principal),
          principalName: principal.name,
          scannedAt: now,
          createdAt: now,
        })
        recordActivity(db, actorAtDoor(principal, event.ownerId), {
          action: 'undo-check-in',
          item: itemOf.event(event),
          details: { attendee: registration.name },
        })
        return attendee
      }),

    /** The door phone's offline copy: names and ticket versions of the confirmed, the cancelled ids. */
    roster: (
      event: Pick<Event, 'id' | 'title' | 'eventDate' | 'startTime' | 'endTime'>,
      principal: CheckInPrincipal,
    ) => {
      const { attendees, revoked, cancelled } = rosterOf(db, event.id)
      return {
        event: {
          id: event.id,
          title: event.title,
          eventDate: event.eventDate,
          startTime: event.startTime,
          endTime: event.endTime,
        },
        publicKey: tickets.publicKeyOf(event.id),
        attendees: attendees.map((row) => ({
          id: row.id,
          name: row.name,
          ticketVersion: row.ticketVersion,
          checkedInAt: row.checkedInAt?.toISOString() ?? null,
          checkedInBy: row.checkedInBy,
        })),
        revoked,
        cancelled: cancelled.map((row) => ({
          ...row,
          otherRegistration: otherRegistrationOut(row.otherRegistration),
        })),
        expiresAt: isDoorVolunteer(principal) ? principal.expiresAt.toISOString() : null,
      }
    },

    summary: (eventId: string) => checkInCounts(db, eventId),

    /**
     * The door's search: names and check-in state only, never contacts. Officers find any registration by a
     * part of its name, email or phone; a door link only those on the roster, by name, or by a whole email
     * or phone (docs/decisions/090-door-search.md).
     */
    search: (eventId: string, q: string, principal: CheckInPrincipal) =>
      (isDoorVolunteer(principal) ? searchRoster : searchAttendees)(db, eventId, q, CHECK_IN_SEARCH_MAX).map(
        (row) => ({
          id: row.id,
          name: row.name,
          status: row.status,
          checkedInAt: row.checkedInAt?.toISOString() ?? null,
          checkedInBy: row.checkedInBy,
        }),
      ),
  }
}
