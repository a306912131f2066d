import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import { preparedQuery, type Queryable } from '../client.server'
import { eventTimes, localDateOf, localDateTimeToInstant } from '../clock'
import type { EventRegistrationCounts } from '../dto'
import {
  type Event,
  events,
  type NewRegistration,
  type OutboxMailKind,
  type Registration,
  type RegistrationQuestion,
  type RegistrationSettings,
  type RegistrationStatus,
  registrationSettings,
  registrations,
} from '../schema'
import type { PaymentMethod } from '../schema-enums'
import { type RegistrationSettingsInput, registrationOff, type registrationSortFields } from '../validation'
import { caseless, type ListOptions, type ListPage, matchingAny, paged, sortOrder } from './list.server'

/** The outbox kind of the mails that tell attendees a deleted event is off (withdrawn when it is restored). */
export const EVENT_CANCELLED_MAIL: OutboxMailKind = 'registration-event-cancelled'

/** Statuses that hold a seat: an offered seat is held for its hold time. */
export const SEAT_STATUSES = ['confirmed', 'pending', 'offered'] as const satisfies RegistrationStatus[]
/** Statuses of a registration that still counts (everything but cancelled). */
export const ACTIVE_STATUSES = [
  'confirmed',
  'pending',
  'offered',
  'waitlisted',
] as const satisfies RegistrationStatus[]

export type StatusCounts = Record<RegistrationStatus, number>

/** An event's registration settings as the API and forms read them (off when it has none). */
export function settingsInputOf(settings: RegistrationSettings | undefined): RegistrationSettingsInput {
  if (!settings) return registrationOff
  return {
    enabled: settings.enabled,
    capacity: settings.capacity,
    waitlist: settings.waitlist,
    approval: settings.approval,
    opensAt: settings.opensAt,
    closesAt: settings.closesAt,
    questions: JSON.parse(settings.questions) as RegistrationQuestion[],
    paymentMethods: JSON.parse(settings.paymentMethods) as PaymentMethod[],
    paymentInstructions: settings.paymentInstructions,
  }
}

const settingsOfEvent = preparedQuery((db) =>
  db
    .select()
    .from(registrationSettings)
    .where(eq(registrationSettings.eventId, sql.placeholder('eventId')))
    .prepare(),
)

export function findRegistrationSettings(db: Queryable, eventId: string): RegistrationSettings | undefined {
  return settingsOfEvent(db).get({ eventId })
}

/** Creates or replaces an event's settings. */
export function saveRegistrationSettings(
  db: Queryable,
  eventId: string,
  input: RegistrationSettingsInput,
): RegistrationSettings {
  const fields = {
    enabled: input.enabled,
    capacity: input.capacity,
    waitlist: input.waitlist,
    approval: input.approval,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    questions: JSON.stringify(input.questions),
    paymentMethods: JSON.stringify(input.paymentMethods),
    paymentInstructions: input.paymentInstructions,
    updatedAt: new Date(),
  }
  return db
    .insert(registrationSettings)
    .values({ eventId, ...fields })
    .onConflictDoUpdate({ target: registrationSettings.eventId, set: fields })
    .returning()
    .get()
}

/** How many of the event's registrations are in each status. */
const statusCounts = preparedQuery((db) =>
  db
    .select({ status: registrations.status, count: sql<number>`count(*)` })
    .from(registrations)
    .where(eq(registrations.eventId, sql.placeholder('eventId')))
    .groupBy(registrations.status)
    .prepare(),
)

export function countRegistrationsByStatus(db: Queryable, eventId: string): StatusCounts {
  const counts: StatusCounts = { pending: 0, confirmed: 0, waitlisted: 0, offered: 0, cancelled: 0 }
  const rows = statusCounts(db).all({ eventId })
  for (const row of rows) counts[row.status] = row.count
  return counts
}

/** Seats taken: confirmed, pending (waiting for an officer) and offered (held for their hold time). */
export const seatsTaken = (counts: StatusCounts) => counts.confirmed + counts.pending + counts.offered

/** Seats left for the public page and API; null when the capacity is unlimited. */
export function seatsLeftOf(capacity: number | null, counts: StatusCounts): number | null {
  if (capacity === null) return null
  return Math.max(0, capacity - seatsTaken(counts))
}

/**
 * Whether a new registration gets a seat rather than a place in line: the capacity is unlimited, or seats
 * are left and nobody is waiting before it.
 */
export const seatIsFree = (capacity: number | null, counts: StatusCounts) =>
  capacity === null || (seatsTaken(counts) < capacity && counts.waitlisted === 0)

/** The next place in the event's order of registrations (1 for the first). */
const lastSeq = preparedQuery((db) =>
  db
    .select({ last: sql<number | null>`max(${registrations.seq})` })
    .from(registrations)
    .where(eq(registrations.eventId, sql.placeholder('eventId')))
    .prepare(),
)

export function nextRegistrationSeq(db: Queryable, eventId: string): number {
  const row = lastSeq(db).get({ eventId })
  return (row?.last ?? 0) + 1
}

/** What a new registration is given; the rest (ticket version, times, …) are the table's defaults. */
export type RegistrationFields = Required<
  Pick<
    NewRegistration,
    | 'id'
    | 'eventId'
    | 'seq'
    | 'status'
    | 'name'
    | 'email'
    | 'phone'
    | 'answers'
    | 'paymentMethod'
    | 'transactionId'
    | 'tokenHash'
    | 'confirmedAt'
  >
>

const insertOne = preparedQuery((db) =>
  db
    .insert(registrations)
    .values({
      id: sql.placeholder('id'),
      eventId: sql.placeholder('eventId'),
      seq: sql.placeholder('seq'),
      status: sql.placeholder('status'),
      name: sql.placeholder('name'),
      email: sql.placeholder('email'),
      phone: sql.placeholder('phone'),
      answers: sql.placeholder('answers'),
      paymentMethod: sql.placeholder('paymentMethod'),
      transactionId: sql.placeholder('transactionId'),
      tokenHash: sql.placeholder('tokenHash'),
      // As milliseconds or null: drizzle's Date encoder is not null-safe for placeholders.
      confirmedAt: sql`${sql.placeholder('confirmedAt')}`,
    })
    // No RETURNING: SQLite's cost four times the insert's own; the row is read back by its key instead.
    .prepare(),
)

export function insertRegistration(db: Queryable, fields: RegistrationFields): Registration {
  insertOne(db).run({ ...fields, confirmedAt: fields.confirmedAt?.getTime() ?? null })
  const inserted = findRegistrationById(db, fields.id)
  if (!inserted) throw new Error('The registration was not stored')
  return inserted
}

export function findRegistrationByTokenHash(db: Queryable, tokenHash: string): Registration | undefined {
  return db.select().from(registrations).where(eq(registrations.tokenHash, tokenHash)).get()
}

const registrationById = preparedQuery((db) =>
  db
    .select()
    .from(registrations)
    .where(eq(registrations.id, sql.placeholder('id')))
    .prepare(),
)

/** A registration by its id alone (the outbox making its mail). */
export function findRegistrationById(db: Queryable, id: string): Registration | undefined {
  return registrationById(db).get({ id })
}

export function findRegistration(db: Queryable, eventId: string, id: string): Registration | undefined {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.id, id)))
    .get()
}

const activeByEmail = preparedQuery((db) =>
  db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, sql.placeholder('eventId')),
        eq(registrations.email, sql.placeholder('email')),
        // Written into the SQL, not bound: a bound value here is what lets SQLite use the partial index
        // (status != 'cancelled'), so it prepared the statement again on every run (five times the lookup).
        sql`${registrations.status} != 'cancelled'`,
      ),
    )
    .prepare(),
)

/** The event's registration of this (normalised) email that is not cancelled. */
export function findActiveRegistrationByEmail(
  db: Queryable,
  eventId: string,
  email: string,
): Registration | undefined {
  return activeByEmail(db).get({ eventId, email })
}

/**
 * A waiting registration's place in line: 1 + those waiting that registered before it. Derived from the
 * order every time, so a place never drifts from the line as people leave it.
 */
const waitingBefore = preparedQuery((db) =>
  db
    .select({ before: sql<number>`count(*)` })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, sql.placeholder('eventId')),
        eq(registrations.status, 'waitlisted'),
        lt(registrations.seq, sql.placeholder('seq')),
      ),
    )
    .prepare(),
)

export function waitingPlace(db: Queryable, registration: Pick<Registration, 'eventId' | 'seq'>): number {
  const row = waitingBefore(db).get({ eventId: registration.eventId, seq: registration.seq })
  return (row?.before ?? 0) + 1
}

/** The first of the event's waiting list, or undefined. */
export function firstWaiting(db: Queryable, eventId: string): Registration | undefined {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'waitlisted')))
    .orderBy(asc(registrations.seq))
    .limit(1)
    .get()
}

export function updateRegistration(
  db: Queryable,
  id: string,
  fields: Partial<Omit<NewRegistration, 'id' | 'eventId' | 'seq'>>,
): Registration {
  return db
    .update(registrations)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(registrations.id, id))
    .returning()
    .get()
}

/** The event's registrations in these statuses, in their order. */
export function registrationsInStatus(
  db: Queryable,
  eventId: string,
  statuses: readonly RegistrationStatus[],
): Registration[] {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.status, [...statuses])))
    .orderBy(asc(registrations.seq))
    .all()
}

/** Offers whose hold ended at or before `now`, oldest first. */
export function expiredOffers(db: Queryable, now: Date): Registration[] {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.status, 'offered'), lte(registrations.offerExpiresAt, now)))
    .orderBy(asc(registrations.offerExpiresAt))
    .all()
}

/** Events with registration on this site whose date is between `from` and `to` (local dates, both included). */
export function registrationEventsBetween(
  db: Queryable,
  from: string,
  to: string,
): { event: Event; settings: RegistrationSettings }[] {
  return db
    .select({ event: events, settings: registrationSettings })
    .from(registrationSettings)
    .innerJoin(events, eq(events.id, registrationSettings.eventId))
    .where(
      and(eq(registrationSettings.enabled, true), gte(events.eventDate, from), lte(events.eventDate, to)),
    )
    .all()
}

/** Confirmed registrations of the event that have had no reminder yet. */
export function confirmedWithoutReminder(db: Queryable, eventId: string): Registration[] {
  return db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.status, 'confirmed'),
        isNull(registrations.remindedAt),
      ),
    )
    .orderBy(asc(registrations.seq))
    .all()
}

/** Which of these events take registrations on this site (registration enabled). */
export function eventsRegisteringHere(db: Queryable, eventIds: string[]): Set<string> {
  if (eventIds.length === 0) return new Set()
  return new Set(
    db
      .select({ eventId: registrationSettings.eventId })
      .from(registrationSettings)
      .where(and(inArray(registrationSettings.eventId, eventIds), eq(registrationSettings.enabled, true)))
      .all()
      .map((row) => row.eventId),
  )
}

/** An event with registrations whose payment an officer has still to check, for the console's dashboard. */
export type PaymentsToConfirm = { eventId: string; title: string; eventDate: string; count: number }

/**
 * Events with pending registrations that pay (a payment method given), soonest first, with how many each
 * has: all events, or one chapter's.
 */
export function paymentsToConfirm(db: Queryable, chapterId?: string): PaymentsToConfirm[] {
  return db
    .select({
      eventId: events.id,
      title: events.title,
      eventDate: events.eventDate,
      count: sql<number>`count(*)`,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, 'pending'),
        isNotNull(registrations.paymentMethod),
        chapterId === undefined ? undefined : eq(events.ownerId, chapterId),
      ),
    )
    .groupBy(events.id)
    .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
    .all()
}

/**
 * Pending registrations the event's officers have not been mailed yet, of events on `today` or later
 * (local dates), by event and in the order they were taken.
 */
export function pendingNotToldOfficers(
  db: Queryable,
  today: string,
): { event: Event; registration: Registration }[] {
  return db
    .select({ event: events, registration: registrations })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, 'pending'),
        isNull(registrations.officersToldAt),
        gte(events.eventDate, today),
      ),
    )
    .orderBy(asc(events.id), asc(registrations.seq))
    .all()
}

/** When the event's officers last got their list of new pending registrations; undefined: never. */
export function lastOfficersToldAt(db: Queryable, eventId: string): number | undefined {
  const row = db
    .select({ at: sql<number | null>`max(${registrations.officersToldAt})` })
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .get()
  return row?.at ?? undefined
}

/** Marks these registrations as listed in their officers' mail. */
export function markOfficersTold(db: Queryable, ids: string[], at: Date): void {
  if (ids.length === 0) return
  db.update(registrations).set({ officersToldAt: at }).where(inArray(registrations.id, ids)).run()
}

/** A row of the attendees list: the registration and, while waiting, its place in line. */
export type RegistrationRow = Registration & { place: number | null }

const registrationSortKeys = {
  createdAt: [registrations.seq],
  name: [caseless(registrations.name)],
  email: [registrations.email],
  status: [registrations.status],
} satisfies Record<(typeof registrationSortFields)[number], unknown>

/** The place in line of a waiting row, computed in the same query (the line's index walks it). */
const placeColumn = sql<number | null>`CASE WHEN "registrations"."status" = 'waitlisted' THEN (
  SELECT count(*) FROM "registrations" AS "earlier"
  WHERE "earlier"."event_id" = "registrations"."event_id" AND "earlier"."status" = 'waitlisted'
    AND "earlier"."seq" <= "registrations"."seq"
) END`

export type RegistrationFilters = { status?: RegistrationStatus; q?: string; checkedIn?: 'yes' | 'no' }

function registrationWhere(eventId: string, filters: RegistrationFilters): SQL | undefined {
  return and(
    eq(registrations.eventId, eventId),
    filters.status === undefined ? undefined : eq(registrations.status, filters.status),
    filters.checkedIn === undefined
      ? undefined
      : filters.checkedIn === 'yes'
        ? isNotNull(registrations.checkedInAt)
        : isNull(registrations.checkedInAt),
    matchingAny([registrations.name, registrations.email, registrations.phone], filters.q),
  )
}

/** One page of an event's registrations (in the order taken by default), with the number matching. */
export function listRegistrationsPage(
  db: Queryable,
  eventId: string,
  options: ListOptions & RegistrationFilters,
): ListPage<RegistrationRow> {
  const where = registrationWhere(eventId, options)
  const order = sortOrder(options.sort, registrationSortKeys, registrations.id, [asc(registrations.seq)])
  const query = db
    .select({ registration: registrations, place: placeColumn })
    .from(registrations)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  const rows = paged(query, options)
    .all()
    .map(({ registration, place }) => ({ ...registration, place }))
  const total = db.select({ count: sql<number>`count(*)` }).from(registrations).where(where).get()?.count ?? 0
  return { rows, total }
}

/** Every registration matching the filters, in the list's order, for the CSV export (at most `limit`). */
export function exportRegistrations(
  db: Queryable,
  eventId: string,
  filters: RegistrationFilters & { sort?: string },
  limit: number,
): RegistrationRow[] {
  const order = sortOrder(filters.sort, registrationSortKeys, registrations.id, [asc(registrations.seq)])
  return db
    .select({ registration: registrations, place: placeColumn })
    .from(registrations)
    .where(registrationWhere(eventId, filters))
    .orderBy(...order)
    .limit(limit)
    .all()
    .map(({ registration, place }) => ({ ...registration, place }))
}

/** What the public event page and API say about registering: never anything about the attendees. */
export type RegistrationAvailability = {
  /** not-open: opens later; closed: closed, or the event has begun; full: no seat and no waiting list. */
  state: 'open' | 'waitlist' | 'full' | 'not-open' | 'closed'
  seatsLeft: number | null
  /** When the state changes by itself (opening or closing), in milliseconds; null when it never will. */
  changesAt: number | null
}

/** Whether people can register for the event now, and how many seats are left. */
export function registrationAvailability(
  db: Queryable,
  event: Event,
  settings: RegistrationSettingsInput,
  now: number,
  timeZone: string,
): RegistrationAvailability {
  const counts = countRegistrationsByStatus(db, event.id)
  const seatsLeft = seatsLeftOf(settings.capacity, counts)
  const window = registrationWindowAt(event, settings, now, timeZone)
  if (window.phase === 'not-open') return { state: 'not-open', seatsLeft, changesAt: window.opensAt }
  if (window.phase === 'closed') return { state: 'closed', seatsLeft, changesAt: null }
  const state = seatIsFree(settings.capacity, counts) ? 'open' : settings.waitlist ? 'waitlist' : 'full'
  return { state, seatsLeft, changesAt: window.closesAt }
}

/**
 * Where `now` falls in an event's registration window (the one rule the page, the API and the service
 * read): before it opens, after it closes, or inside it.
 */
export function registrationWindowAt(
  event: Pick<Event, 'eventDate' | 'startTime' | 'endTime'>,
  settings: Pick<RegistrationSettingsInput, 'opensAt' | 'closesAt'>,
  now: number,
  timeZone: string,
): { phase: 'not-open'; opensAt: number } | { phase: 'closed' } | { phase: 'open'; closesAt: number } {
  const opens = settings.opensAt ? localDateTimeToInstant(settings.opensAt, timeZone) : null
  if (opens !== null && now < opens) return { phase: 'not-open', opensAt: opens }
  const closes = registrationClosesAt(event, settings, timeZone)
  return now >= closes ? { phase: 'closed' } : { phase: 'open', closesAt: closes }
}

/** Registration closes at its closing time, and at the latest when the event begins. */
export function registrationClosesAt(
  event: Pick<Event, 'eventDate' | 'startTime' | 'endTime'>,
  settings: Pick<RegistrationSettingsInput, 'closesAt'>,
  timeZone: string,
): number {
  const { start } = eventTimes(event, timeZone)
  const closes = settings.closesAt ? localDateTimeToInstant(settings.closesAt, timeZone) : start
  return Math.min(closes, start)
}

/** Registrations of events this many days past are anonymised by the sweep (docs/decisions/072-anonymising-registrations.md). */
export const REGISTRATION_KEEP_DAYS = 365

/**
 * Strips the personal data from the registrations of events that took place more than `keepDays` days
 * before `now` (local dates in `timeZone`): name, email (to `<id>@anonymised.invalid`, unique and no
 * address), phone, answers, transaction ID and the manage link go; status, payment method and times stay
 * for the chapter's counts. Returns how many.
 */
export function anonymiseOldRegistrations(
  db: Queryable,
  now: number,
  timeZone: string,
  keepDays: number,
): number {
  const before = localDateOf(now - keepDays * 24 * 60 * 60 * 1000, timeZone)
  const stamp = Date.now()
  return db.run(sql`
    UPDATE registrations SET
      name = 'Anonymised', email = id || '@anonymised.invalid', phone = '', answers = '{}',
      transaction_id = NULL, token_hash = 'anonymised:' || id, anonymised_at = ${stamp}, updated_at = ${stamp}
    WHERE anonymised_at IS NULL
      AND event_id IN (SELECT id FROM events WHERE event_date < ${before})
  `).changes
}

/** Every registration of an event, the latest first (tests and tools). */
export function allRegistrationsOf(db: Queryable, eventId: string): Registration[] {
  return db
    .select()
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .orderBy(desc(registrations.seq))
    .all()
}

/**
 * The event's transaction IDs that more than one registration gave (spaces and case ignored): one
 * mobile-money payment claimed twice. Officers see them on the Attendees page and in its export.
 */
export function sharedTransactionIds(
  db: Queryable,
  eventId: string,
): Array<{ transactionId: string; registrations: Array<{ id: string; name: string }> }> {
  const rows = db
    .select({ id: registrations.id, name: registrations.name, transactionId: registrations.transactionId })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        isNull(registrations.anonymisedAt),
        sql`trim(coalesce(${registrations.transactionId}, '')) <> ''`,
      ),
    )
    .orderBy(asc(registrations.seq))
    .all()
  const byKey = new Map<
    string,
    { transactionId: string; registrations: Array<{ id: string; name: string }> }
  >()
  for (const row of rows) {
    const transactionId = (row.transactionId ?? '').trim()
    const key = transactionId.replace(/\s+/g, '').toUpperCase()
    const entry = byKey.get(key) ?? { transactionId, registrations: [] }
    entry.registrations.push({ id: row.id, name: row.name })
    byKey.set(key, entry)
  }
  return [...byKey.values()].filter((entry) => entry.registrations.length > 1)
}

/**
 * The console's search: registrations whose name matches `q` (anonymised ones have none), newest first,
 * in the events of `ownerId` when given (an officer's chapter), with their event's title.
 */
export function searchRegistrationsByName(
  db: Queryable,
  q: string,
  limit: number,
  ownerId?: string | null,
): { id: string; name: string; status: RegistrationStatus; eventId: string; eventTitle: string }[] {
  return db
    .select({
      id: registrations.id,
      name: registrations.name,
      status: registrations.status,
      eventId: registrations.eventId,
      eventTitle: events.title,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        matchingAny([registrations.name], q),
        isNull(registrations.anonymisedAt),
        ownerId === undefined
          ? undefined
          : ownerId === null
            ? isNull(events.ownerId)
            : eq(events.ownerId, ownerId),
      ),
    )
    .orderBy(desc(registrations.createdAt))
    .limit(limit)
    .all()
}

/** The registration counts of these events, by event id (events without any are left out). */
export function registrationCountsOf(
  db: Queryable,
  eventIds: string[],
): Map<string, EventRegistrationCounts> {
  const counts = new Map<string, EventRegistrationCounts>()
  if (eventIds.length === 0) return counts
  for (const settings of db
    .select()
    .from(registrationSettings)
    .where(inArray(registrationSettings.eventId, eventIds))
    .all())
    counts.set(settings.eventId, {
      confirmed: 0,
      pending: 0,
      waiting: 0,
      paid: 0,
      active: 0,
      capacity: settings.capacity,
      enabled: settings.enabled,
    })
  const rows = db
    .select({
      eventId: registrations.eventId,
      status: registrations.status,
      paid: sql<number>`sum(CASE WHEN ${registrations.paymentMethod} IS NOT NULL THEN 1 ELSE 0 END)`,
      count: sql<number>`count(*)`,
    })
    .from(registrations)
    .where(inArray(registrations.eventId, eventIds))
    .groupBy(registrations.eventId, registrations.status)
    .all()
  for (const row of rows) {
    const entry = counts.get(row.eventId)
    if (!entry || row.status === 'cancelled') continue
    entry.active += row.count
    if (row.status === 'confirmed') {
      entry.confirmed += row.count
      entry.paid += row.paid
    } else if (row.status === 'pending') entry.pending += row.count
    else entry.waiting += row.count
  }
  return counts
}
