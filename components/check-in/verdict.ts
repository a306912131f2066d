import type { SplitTicketCode } from '#components/shared/ticket-code'
import type { CancelledRegistration, RosterAttendee } from './answers'

/**
 * What the door phone answers for a scanned code from what it holds (the roster, the revoked list and
 * the signature's check), before and without the server. Plain data in, plain data out: the page shows
 * it, then sends the check-in and lets the server's answer correct it where the two differ.
 */

/** The roster as the page looks it up: attendees by registration id, and the revoked registrations. */
export type LocalRoster = {
  eventId: string
  attendees: ReadonlyMap<string, RosterAttendee>
  revoked: ReadonlySet<string>
  /** The cancelled by id, named, with what each person holds now (empty for a roster kept before). */
  cancelled: ReadonlyMap<string, CancelledRegistration>
}

/** The red answers: the same words as the server's refusals (docs/product.md#check-in). */
export const REFUSALS = {
  invalid: 'Not a valid ticket',
  otherEvent: 'Not a ticket for this event',
  cancelled: 'Cancelled',
  replaced: 'Replaced by a newer ticket',
  notConfirmed: 'Not confirmed',
} as const
export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS]

export type Verdict =
  /** Green: let them in (the page records the check-in). */
  | { kind: 'admit'; attendee: RosterAttendee }
  /** Amber: the ticket is good but was used already. */
  | { kind: 'already'; attendee: RosterAttendee; checkedInAt: string; by: string | null }
  /** Red: do not let them in on this ticket. */
  | { kind: 'refuse'; message: Refusal; registrationId?: string }
  /** The phone cannot tell (no Ed25519 here, or the roster is older than the ticket): ask the server. */
  | { kind: 'ask-server'; registrationId: string }

export type ScanCheck = {
  split: SplitTicketCode | null
  /** The signature's check: true, false, or null when this browser could not check it. */
  signatureValid: boolean | null
  /** Whether the server can be asked now; offline, a valid ticket the roster does not know is refused. */
  online: boolean
}

export function verdictFor(roster: LocalRoster, scan: ScanCheck): Verdict {
  const { split, signatureValid } = scan
  if (!split) return { kind: 'refuse', message: REFUSALS.invalid }
  if (split.claims.eventId !== roster.eventId) return { kind: 'refuse', message: REFUSALS.otherEvent }
  if (signatureValid === false) return { kind: 'refuse', message: REFUSALS.invalid }
  const { registrationId, ticketVersion } = split.claims
  if (signatureValid === null) return { kind: 'ask-server', registrationId }
  if (roster.revoked.has(registrationId))
    return { kind: 'refuse', message: REFUSALS.cancelled, registrationId }
  const attendee = roster.attendees.get(registrationId)
  if (!attendee) {
    // A signed ticket of this event the roster does not list: registered or confirmed since the roster
    // was fetched (the server knows), or not confirmed (offline, the roster is all the phone has).
    return scan.online
      ? { kind: 'ask-server', registrationId }
      : { kind: 'refuse', message: REFUSALS.notConfirmed }
  }
  if (ticketVersion < attendee.ticketVersion) return { kind: 'refuse', message: REFUSALS.replaced }
  if (ticketVersion > attendee.ticketVersion && scan.online) return { kind: 'ask-server', registrationId }
  if (attendee.checkedInAt)
    return { kind: 'already', attendee, checkedInAt: attendee.checkedInAt, by: attendee.checkedInBy }
  return { kind: 'admit', attendee }
}

/** The roster's lookup form. */
export function localRoster(
  eventId: string,
  attendees: RosterAttendee[],
  revoked: string[],
  cancelled: CancelledRegistration[] = [],
): LocalRoster {
  return {
    eventId,
    attendees: new Map(attendees.map((attendee) => [attendee.id, attendee])),
    revoked: new Set(revoked),
    cancelled: new Map(cancelled.map((row) => [row.id, row])),
  }
}

/**
 * The door's counts, from the roster alone: people, not scans, so nobody counts twice and the checked-in
 * never exceed the expected. `checkedInKnownToServer` leaves out those whose check-in waits in the queue.
 */
export function localCounts(roster: LocalRoster, unsent: ReadonlySet<string | null> = new Set()) {
  let checkedIn = 0
  let waiting = 0
  for (const row of roster.attendees.values()) {
    if (!row.checkedInAt) continue
    checkedIn++
    if (unsent.has(row.id)) waiting++
  }
  return { checkedIn, confirmed: roster.attendees.size, checkedInKnownToServer: checkedIn - waiting }
}
