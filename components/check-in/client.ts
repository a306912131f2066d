import type { z } from 'zod'
import {
  cancelledAnswerSchema,
  checkInAnswerSchema,
  type RosterAnswer,
  rosterAnswerSchema,
  type SearchAnswer,
  type SummaryAnswer,
  searchAnswerSchema,
  summaryAnswerSchema,
} from './answers'
import type { QueuedCheckIn, SendOutcome } from './queue'

/**
 * The door page's requests to the check-in API (docs/product.md#check-in). Unlike the console's `api()`,
 * each answer is told apart by its status, and a refusal's body is read too (a 409 names who checked the
 * attendee in): the page decides per status what the volunteer sees. Same origin, so the browser sends
 * the session or door cookie.
 */

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/check-ins`

type Answer = { status: number; body: unknown } | { status: 0 }

async function request(path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      credentials: 'same-origin',
    })
    return { status: response.status, body: await response.json().catch(() => null) }
  } catch {
    return { status: 0 }
  }
}

const messageOf = (body: unknown): string | null =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : null

/** An answer the page can use, or why not: 'not-allowed' (401, 403) or 'unreachable' (anything else). */
export type Fetched<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-allowed'; status: number }
  | { kind: 'unreachable' }

async function read<S extends z.ZodType>(path: string, schema: S): Promise<Fetched<z.infer<S>>> {
  const answer = await request(path)
  if (answer.status === 401 || answer.status === 403) return { kind: 'not-allowed', status: answer.status }
  if (answer.status !== 200 || !('body' in answer)) return { kind: 'unreachable' }
  const parsed = schema.safeParse(answer.body)
  return parsed.success ? { kind: 'ok', value: parsed.data } : { kind: 'unreachable' }
}

export const fetchRoster = (eventId: string): Promise<Fetched<RosterAnswer>> =>
  read(`${base(eventId)}/roster`, rosterAnswerSchema)

export const fetchSummary = (eventId: string): Promise<Fetched<SummaryAnswer>> =>
  read(`${base(eventId)}/summary`, summaryAnswerSchema)

export const searchAttendees = (eventId: string, q: string): Promise<Fetched<SearchAnswer>> =>
  read(`${base(eventId)}/search?${new URLSearchParams({ q })}`, searchAnswerSchema)

/** POST one queued check-in; its scanId makes a repeat count once. */
export async function sendCheckIn(item: QueuedCheckIn): Promise<SendOutcome> {
  const answer = await request(base(item.eventId), {
    method: 'POST',
    body: JSON.stringify({ ...item.ticket, scanId: item.scanId, scannedAt: item.scannedAt }),
  })
  if (!('body' in answer)) return { kind: 'unreachable' }
  const { status, body } = answer
  if (status === 401 || status === 403) return { kind: 'not-allowed', status }
  if (status === 200 || status === 201 || status === 409) {
    const parsed = checkInAnswerSchema.safeParse(body)
    if (!parsed.success) return { kind: 'unreachable' }
    return status === 409
      ? { kind: 'already', answer: parsed.data }
      : { kind: 'checked-in', answer: parsed.data }
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const message = messageOf(body) ?? 'Not a valid ticket'
    const named = status === 410 ? cancelledAnswerSchema.safeParse(body) : null
    return named?.success && named.data.otherRegistration !== undefined
      ? {
          kind: 'refused',
          status,
          message,
          cancelled: { name: named.data.attendee.name, otherRegistration: named.data.otherRegistration },
        }
      : { kind: 'refused', status, message }
  }
  return { kind: 'unreachable' }
}

/** DELETE a check-in (undo): true when the server took it back (or had none to take back). */
export async function undoCheckIn(eventId: string, registrationId: string): Promise<Fetched<true>> {
  const answer = await request(`${base(eventId)}/${encodeURIComponent(registrationId)}`, { method: 'DELETE' })
  if (answer.status === 401 || answer.status === 403) return { kind: 'not-allowed', status: answer.status }
  if (answer.status >= 200 && answer.status < 300) return { kind: 'ok', value: true }
  if (answer.status === 404) return { kind: 'ok', value: true }
  return { kind: 'unreachable' }
}
