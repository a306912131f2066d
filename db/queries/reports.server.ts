import { and, asc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import {
  type Event,
  events,
  type RegistrationQuestion,
  type RegistrationSettings,
  registrationSettings,
  registrations,
} from '../schema'

/**
 * What attendance reports read (docs/decisions/086-attendance-reports.md): events of a period and, per
 * event, its registrations counted in one pass over the event's rows.
 */

/** A question label that asks for a membership number: "Membership No.", "IEEE member ID", "Member #". */
export const MEMBERSHIP_LABEL = /member(ship)?\s*(no\b|number|id\b|#)/i

/** The question that tells members from guests, and how it was found. */
export type MembershipQuestion = Pick<RegistrationQuestion, 'id' | 'label' | 'type'> & {
  /** `flag`: the officer marked it in the event form; `label`: a text question whose label asks for the number. */
  foundBy: 'flag' | 'label'
}

/**
 * The event's membership question: the one marked as such, else the first text question whose label asks
 * for a membership number (events made before the mark existed), else null.
 */
export function membershipQuestionOf(questions: readonly RegistrationQuestion[]): MembershipQuestion | null {
  const flagged = questions.find((question) => question.membership && question.type !== 'choice')
  if (flagged) return { id: flagged.id, label: flagged.label, type: flagged.type, foundBy: 'flag' }
  const labelled = questions.find(
    (question) => question.type === 'text' && MEMBERSHIP_LABEL.test(question.label),
  )
  return labelled ? { id: labelled.id, label: labelled.label, type: labelled.type, foundBy: 'label' } : null
}

/** An event and its registration settings (none: registration was never set up on this site). */
export type ReportEvent = { event: Event; settings: RegistrationSettings | null }

/**
 * The events dated from `from` to `to` (local dates, both included), by date and start: of one chapter
 * (`ownerId`), or of every chapter and the branch (`ownerId` undefined).
 */
export function eventsBetween(
  db: Queryable,
  { from, to, ownerId }: { from: string; to: string; ownerId?: string },
): ReportEvent[] {
  return db
    .select({ event: events, settings: registrationSettings })
    .from(events)
    .leftJoin(registrationSettings, eq(registrationSettings.eventId, events.id))
    .where(
      and(
        gte(events.eventDate, from),
        lte(events.eventDate, to),
        ownerId === undefined ? undefined : eq(events.ownerId, ownerId),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
    .all()
}

/** An event's registrations counted for its report. */
export type AttendanceCounts = {
  /** Every registration taken, cancelled ones included. */
  total: number
  /** Registrations that are not cancelled (confirmed, pending, offered, waiting). */
  registered: number
  confirmed: number
  /** Registrations with a check-in (`checked_in_at` set), whatever their status now. */
  checkedIn: number
  /** Confirmed registrations without a check-in. */
  confirmedNotCheckedIn: number
  /** Checked in and answered the membership question (0 without one). */
  checkedInMembers: number
  /** Checked in, but anonymised: their answers are gone, so members among them cannot be told. */
  checkedInAnonymised: number
}

const count = (condition: SQL) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`

/** Whether a registration's answer to the membership question makes it a member's: a text or a tick. */
function memberCondition(question: Pick<RegistrationQuestion, 'id' | 'type'> | null): SQL {
  if (!question) return sql`0`
  const path = `$."${question.id}"`
  if (question.type === 'checkbox') return sql`json_type(${registrations.answers}, ${path}) = 'true'`
  return sql`json_type(${registrations.answers}, ${path}) = 'text'
    AND trim(json_extract(${registrations.answers}, ${path})) <> ''`
}

/** The counts of one event's report, in one pass over its registrations. */
export function attendanceCountsOf(
  db: Queryable,
  eventId: string,
  membership: Pick<RegistrationQuestion, 'id' | 'type'> | null,
): AttendanceCounts {
  const checkedIn = sql`${registrations.checkedInAt} IS NOT NULL`
  const row = db
    .select({
      total: sql<number>`count(*)`,
      registered: count(sql`${registrations.status} <> 'cancelled'`),
      confirmed: count(sql`${registrations.status} = 'confirmed'`),
      checkedIn: count(checkedIn),
      confirmedNotCheckedIn: count(
        sql`${registrations.status} = 'confirmed' AND ${isNull(registrations.checkedInAt)}`,
      ),
      checkedInMembers: count(sql`${checkedIn} AND ${memberCondition(membership)}`),
      checkedInAnonymised: count(sql`${checkedIn} AND ${registrations.anonymisedAt} IS NOT NULL`),
    })
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .get()
  return {
    total: row?.total ?? 0,
    registered: row?.registered ?? 0,
    confirmed: row?.confirmed ?? 0,
    checkedIn: row?.checkedIn ?? 0,
    confirmedNotCheckedIn: row?.confirmedNotCheckedIn ?? 0,
    checkedInMembers: row?.checkedInMembers ?? 0,
    checkedInAnonymised: row?.checkedInAnonymised ?? 0,
  }
}
