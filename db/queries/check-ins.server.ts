import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import {
  type CheckInScan,
  checkInScans,
  type DoorLink,
  doorLinks,
  type Registration,
  registrations,
} from '../schema'
import { normaliseEmail } from '../validation'
import { matchingAny } from './list.server'

/** What a scan came to (check_in_scans.outcome). */
export type CheckInOutcome =
  | 'checked-in'
  | 'already'
  | 'conflict'
  | 'cancelled'
  | 'replaced'
  | 'not-confirmed'
  | 'undone'

export function findScan(db: Queryable, eventId: string, scanId: string): CheckInScan | undefined {
  return db
    .select()
    .from(checkInScans)
    .where(and(eq(checkInScans.eventId, eventId), eq(checkInScans.scanId, scanId)))
    .get()
}

export function insertScan(
  db: Queryable,
  fields: Omit<typeof checkInScans.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date },
): void {
  db.insert(checkInScans)
    .values({ id: newId(), ...fields })
    .run()
}

/** The scan that checked the registration in last (when the server heard it: its row's createdAt). */
export function lastCheckInScan(db: Queryable, registrationId: string): CheckInScan | undefined {
  return db
    .select()
    .from(checkInScans)
    .where(and(eq(checkInScans.registrationId, registrationId), eq(checkInScans.outcome, 'checked-in')))
    .orderBy(desc(checkInScans.createdAt))
    .limit(1)
    .get()
}

/** Checks the registration in unless it is in already: whether this call did. */
export function markCheckedIn(db: Queryable, registrationId: string, at: Date, by: string): boolean {
  return (
    db
      .update(registrations)
      .set({ checkedInAt: at, checkedInBy: by })
      .where(and(eq(registrations.id, registrationId), isNull(registrations.checkedInAt)))
      .run().changes === 1
  )
}

export function clearCheckIn(db: Queryable, registrationId: string): void {
  db.update(registrations)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(eq(registrations.id, registrationId))
    .run()
}

/** The door's live counts: confirmed attendees, those of them checked in, and registrations in conflict. */
export function checkInCounts(
  db: Queryable,
  eventId: string,
): { checkedIn: number; confirmed: number; conflicts: number } {
  const counts = db
    .select({
      confirmed: sql<number>`count(*)`,
      checkedIn: sql<number>`count(${registrations.checkedInAt})`,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'confirmed')))
    .get()
  return {
    checkedIn: counts?.checkedIn ?? 0,
    confirmed: counts?.confirmed ?? 0,
    conflicts: countConflicts(db, eventId),
  }
}

/** Registrations scanned at two doors while offline (each counted once). */
export function countConflicts(db: Queryable, eventId: string): number {
  return (
    db
      .select({ count: sql<number>`count(distinct ${checkInScans.registrationId})` })
      .from(checkInScans)
      .where(and(eq(checkInScans.eventId, eventId), eq(checkInScans.outcome, 'conflict')))
      .get()?.count ?? 0
  )
}

/** Who was scanned at two doors, and where each scan was made: for the Attendees page. */
export function conflictScans(
  db: Queryable,
  eventId: string,
): Array<Pick<CheckInScan, 'registrationId' | 'principalName' | 'scannedAt'> & { name: string }> {
  return db
    .select({
      registrationId: checkInScans.registrationId,
      principalName: checkInScans.principalName,
      scannedAt: checkInScans.scannedAt,
      name: registrations.name,
    })
    .from(checkInScans)
    .innerJoin(registrations, eq(registrations.id, checkInScans.registrationId))
    .where(and(eq(checkInScans.eventId, eventId), eq(checkInScans.outcome, 'conflict')))
    .orderBy(asc(checkInScans.scannedAt))
    .all()
}

export type RosterRow = Pick<Registration, 'id' | 'name' | 'ticketVersion' | 'checkedInAt' | 'checkedInBy'>

/** A person's registration as the door names it: who, where it stands, whether they are in. */
export type OtherRegistrationRow = Pick<
  Registration,
  'id' | 'name' | 'status' | 'checkedInAt' | 'checkedInBy'
>

/** A cancelled registration, and the one its person holds now (same email, not cancelled), if any. */
export type CancelledRow = { id: string; name: string; otherRegistration: OtherRegistrationRow | null }

const otherRegistrationColumns = {
  id: registrations.id,
  name: registrations.name,
  status: registrations.status,
  checkedInAt: registrations.checkedInAt,
  checkedInBy: registrations.checkedInBy,
}

/**
 * The registration the person holds for the event besides this cancelled one: the one of the same email
 * that is not cancelled (there is at most one).
 */
export function otherRegistrationOf(
  db: Queryable,
  registration: Pick<Registration, 'id' | 'eventId' | 'email'>,
): OtherRegistrationRow | null {
  return (
    db
      .select(otherRegistrationColumns)
      .from(registrations)
      .where(
        and(
          eq(registrations.eventId, registration.eventId),
          eq(registrations.email, registration.email),
          sql`${registrations.status} != 'cancelled'`,
          sql`${registrations.id} != ${registration.id}`,
        ),
      )
      .get() ?? null
  )
}

/**
 * The door's offline copy: confirmed attendees (names and ticket versions only), the cancelled ids, and the
 * cancelled with their names and the registration each person holds now, so a phone names them offline.
 */
export function rosterOf(
  db: Queryable,
  eventId: string,
): { attendees: RosterRow[]; revoked: string[]; cancelled: CancelledRow[] } {
  const attendees = db
    .select({
      id: registrations.id,
      name: registrations.name,
      ticketVersion: registrations.ticketVersion,
      checkedInAt: registrations.checkedInAt,
      checkedInBy: registrations.checkedInBy,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'confirmed')))
    .orderBy(asc(registrations.seq))
    .all()
  const cancelledRows = db
    .select({ id: registrations.id, name: registrations.name, email: registrations.email })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'cancelled')))
    .orderBy(asc(registrations.seq))
    .all()
  const active = new Map(
    db
      .select({ ...otherRegistrationColumns, email: registrations.email })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), sql`${registrations.status} != 'cancelled'`))
      .all()
      .map(({ email, ...row }) => [email, row]),
  )
  return {
    attendees,
    revoked: cancelledRows.map((row) => row.id),
    cancelled: cancelledRows.map(({ id, name, email }) => ({
      id,
      name,
      otherRegistration: active.get(email) ?? null,
    })),
  }
}

/** The door's search: registrations whose name, email or phone holds `q`, names first. */
type SearchRow = Pick<Registration, 'id' | 'name' | 'status' | 'checkedInAt' | 'checkedInBy'>

/**
 * A phone number as compared at the door: its digits, without Bangladesh's country code (`+880 1711-111111`
 * and `01711111111` are the same number).
 */
export function normalisedPhone(phone: string): string {
  const digits = phone.replace(/[\s+-]/g, '')
  return digits.startsWith('880') ? digits.slice(2) : digits
}

/** The stored phone normalised the same way in SQL (the column keeps it as typed). */
const storedPhone = sql`(CASE WHEN replace(replace(replace(${registrations.phone}, ' ', ''), '-', ''), '+', '') LIKE '880%'
  THEN substr(replace(replace(replace(${registrations.phone}, ' ', ''), '-', ''), '+', ''), 3)
  ELSE replace(replace(replace(${registrations.phone}, ' ', ''), '-', ''), '+', '') END)`

/** The event's registrations that `matching` finds, by name: what the door's search answers. */
function searchRows(db: Queryable, eventId: string, matching: SQL | undefined, limit: number): SearchRow[] {
  return db
    .select({
      id: registrations.id,
      name: registrations.name,
      status: registrations.status,
      checkedInAt: registrations.checkedInAt,
      checkedInBy: registrations.checkedInBy,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), isNull(registrations.anonymisedAt), matching))
    .orderBy(sql`${registrations.name} COLLATE NOCASE`, asc(registrations.seq))
    .limit(limit)
    .all()
}

/**
 * The door link's search (docs/decisions/090-door-search.md): among those the roster holds (confirmed),
 * a name containing `q`, or an email or phone equal to `q` as a whole normalised value. Nothing is
 * learnt of an address or number a volunteer does not already know in full.
 */
export function searchRoster(db: Queryable, eventId: string, q: string, limit: number): SearchRow[] {
  const phone = normalisedPhone(q)
  const matching = or(
    matchingAny([registrations.name], q),
    eq(registrations.email, normaliseEmail(q)),
    /^\d{6,}$/.test(phone) ? sql`${storedPhone} = ${phone}` : undefined,
  )
  return searchRows(db, eventId, and(eq(registrations.status, 'confirmed'), matching), limit)
}

/** Officers' search at the door: any registration of the event by a part of its name, email or phone. */
export function searchAttendees(db: Queryable, eventId: string, q: string, limit: number): SearchRow[] {
  return searchRows(
    db,
    eventId,
    matchingAny([registrations.name, registrations.email, registrations.phone], q),
    limit,
  )
}

// Door links ---------------------------------------------------------------------------------------------

export function insertDoorLink(db: Queryable, fields: Omit<typeof doorLinks.$inferInsert, 'id'>): DoorLink {
  return db
    .insert(doorLinks)
    .values({ id: newId(), ...fields })
    .returning()
    .get()
}

export function findDoorLink(db: Queryable, id: string): DoorLink | undefined {
  return db.select().from(doorLinks).where(eq(doorLinks.id, id)).get()
}

export function findDoorLinkByTokenHash(db: Queryable, tokenHash: string): DoorLink | undefined {
  return db.select().from(doorLinks).where(eq(doorLinks.tokenHash, tokenHash)).get()
}

export function listDoorLinks(db: Queryable, eventId: string): DoorLink[] {
  return db
    .select()
    .from(doorLinks)
    .where(eq(doorLinks.eventId, eventId))
    .orderBy(desc(doorLinks.createdAt), desc(doorLinks.id))
    .all()
}

export function updateDoorLink(
  db: Queryable,
  id: string,
  fields: Partial<Pick<DoorLink, 'revokedAt' | 'lastUsedAt' | 'failedPins' | 'lockedUntil'>>,
): void {
  db.update(doorLinks).set(fields).where(eq(doorLinks.id, id)).run()
}

/** Whether any registration of the event is checked in (the Attendees page shows the column then). */
export function anyCheckedIn(db: Queryable, eventId: string): boolean {
  return (
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), isNotNull(registrations.checkedInAt)))
      .limit(1)
      .get() !== undefined
  )
}
