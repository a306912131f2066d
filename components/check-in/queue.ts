import { splitTicketCode } from '#components/shared/ticket-code'
import type { CheckInAnswer, OtherRegistration } from './answers'

/**
 * The check-ins the door phone has made and the server has not yet answered, in the order they were
 * scanned. Every check-in goes through the queue, online too: it is written to the phone first and
 * removed only once the server has answered it, so a dropped connection or a closed tab loses nothing.
 * Each carries the scan's own id, so sending it twice (an answer lost on the way back) counts once.
 */
export type QueuedCheckIn = {
  scanId: string
  eventId: string
  /** When the volunteer scanned it (ISO), not when it reached the server. */
  scannedAt: string
  /** The ticket's code, or the registration picked by name (searched, or a roster row). */
  ticket: { code: string } | { registrationId: string }
  /** The attendee's name as the phone knew it, to show in the conflicts. */
  name: string | null
}

/** The registration a queued check-in is for (a code names it in its claims). */
export function registrationOf(ticket: QueuedCheckIn['ticket']): string | null {
  return 'registrationId' in ticket
    ? ticket.registrationId
    : (splitTicketCode(ticket.code)?.claims.registrationId ?? null)
}

/** What the server made of one queued check-in. */
export type SendOutcome =
  | { kind: 'checked-in'; answer: CheckInAnswer }
  /** 409: someone (another phone, or this one earlier) checked them in before; the server records it. */
  | { kind: 'already'; answer: CheckInAnswer }
  /** 400, 404, 409 (not confirmed), 410: the ticket does not admit anyone; the server's message says why. */
  | {
      kind: 'refused'
      status: number
      message: string
      /** A cancelled registration: who it was, and the registration the person holds now (or null). */
      cancelled?: { name: string; otherRegistration: OtherRegistration | null }
    }
  /** 401 or 403: this phone may no longer check in here (signed out, door link expired or revoked). */
  | { kind: 'not-allowed'; status: number }
  /** No answer, or one to try again later (429, 5xx). */
  | { kind: 'unreachable' }

export type QueueStore = {
  waiting(eventId: string): Promise<QueuedCheckIn[]>
  remove(scanId: string): Promise<void>
}

export type FlushResult = 'sent' | 'unreachable' | 'not-allowed'

/**
 * Sends the event's waiting check-ins one by one, oldest first, and removes each the server answered
 * (whatever it answered: a refusal will not change by sending again). Stops at the first that found no
 * server, keeping it and the rest for the next try, and at a 401 or 403, which ends this phone's work.
 */
export async function flushQueue(
  eventId: string,
  store: QueueStore,
  send: (item: QueuedCheckIn) => Promise<SendOutcome>,
  onOutcome: (item: QueuedCheckIn, outcome: SendOutcome) => void,
): Promise<FlushResult> {
  const waiting = await store.waiting(eventId)
  waiting.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt))
  for (const item of waiting) {
    const outcome = await send(item)
    if (outcome.kind === 'unreachable') return 'unreachable'
    if (outcome.kind === 'not-allowed') {
      onOutcome(item, outcome)
      return 'not-allowed'
    }
    await store.remove(item.scanId)
    onOutcome(item, outcome)
  }
  return 'sent'
}
