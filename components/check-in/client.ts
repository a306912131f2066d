import type { z } from 'zod'
import { ApiRequestError, api } from '../console/api'
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
 * The door page's requests to the check-in API (docs/product.md#check-in), through the browser's one API
 * client (`api()`): a refusal arrives as its ApiRequestError, whose status and `details` (a 409 names who
 * checked the attendee in, a 410 the registration they hold now) the page turns into what the volunteer
 * sees. Same origin, so the browser sends the session or door cookie.
 */

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/check-ins`

/** The API's answer (status 200), or its refusal: the status (0 for no answer at all), message, details. */
type Answer = { status: 200; body: unknown } | { status: number; message: string; details?: unknown }

async function request(path: string, init: { method?: string; json?: unknown } = {}): Promise<Answer> {
  try {
    return { status: 200, body: await api<unknown>(path, init) }
  } catch (failure) {
    if (failure instanceof ApiRequestError)
      return { status: failure.status, message: failure.message, details: failure.details }
    return { status: 0, message: '' }
  }
}

/** An answer the page can use, or why not: 'not-allowed' (401, 403) or 'unreachable' (anything else). */
export type Fetched<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-allowed'; status: number }
  | { kind: 'unreachable' }

async function read<S extends z.ZodType>(path: string, schema: S): Promise<Fetched<z.infer<S>>> {
  const answer = await request(path)
  if (answer.status === 401 || answer.status === 403) return { kind: 'not-allowed', status: answer.status }
  if (!('body' in answer)) return { kind: 'unreachable' }
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
    json: { ...item.ticket, scanId: item.scanId, scannedAt: item.scannedAt },
  })
  if ('body' in answer) {
    const parsed = checkInAnswerSchema.safeParse(answer.body)
    return parsed.success ? { kind: 'checked-in', answer: parsed.data } : { kind: 'unreachable' }
  }
  const { status, message, details } = answer
  if (status === 401 || status === 403) return { kind: 'not-allowed', status }
  // In already: the details say who let them in and when. A 409 without them refuses (not confirmed).
  const already = status === 409 ? checkInAnswerSchema.safeParse(details) : null
  if (already?.success) return { kind: 'already', answer: already.data }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const text = message || 'Not a valid ticket'
    const named = status === 410 ? cancelledAnswerSchema.safeParse(details) : null
    return named?.success && named.data.otherRegistration !== undefined
      ? {
          kind: 'refused',
          status,
          message: text,
          cancelled: { name: named.data.attendee.name, otherRegistration: named.data.otherRegistration },
        }
      : { kind: 'refused', status, message: text }
  }
  return { kind: 'unreachable' }
}

/** DELETE a check-in (undo): true when the server took it back (or had none to take back). */
export async function undoCheckIn(eventId: string, registrationId: string): Promise<Fetched<true>> {
  const answer = await request(`${base(eventId)}/${encodeURIComponent(registrationId)}`, { method: 'DELETE' })
  if (answer.status === 401 || answer.status === 403) return { kind: 'not-allowed', status: answer.status }
  if ('body' in answer || answer.status === 404) return { kind: 'ok', value: true }
  return { kind: 'unreachable' }
}
