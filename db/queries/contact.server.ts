import { and, desc, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ContactMessage, contactMessages, type NewContactMessage } from '../schema'
import type { ContactStatusFilter, contactSortFields } from '../validation'
import {
  caseless,
  countWhere,
  type ListOptions,
  type ListPage,
  matchingAny,
  selectPage,
  sortOrder,
} from './list.server'

export type ContactMessageFields = Pick<NewContactMessage, 'name' | 'email' | 'message'> & {
  receivedAt?: Date
  read?: boolean
}

export function createContactMessage(db: Queryable, fields: ContactMessageFields): ContactMessage {
  return db
    .insert(contactMessages)
    .values({ ...fields, id: newId() })
    .returning()
    .get()
}

export function countContactMessages(db: Queryable): number {
  return countWhere(db, contactMessages, undefined)
}

/** Messages nobody has opened yet (the administrator's dashboard counts them). */
export function countUnreadContactMessages(db: Queryable): number {
  return countWhere(db, contactMessages, eq(contactMessages.read, false))
}

export function findContactMessage(db: Queryable, id: string): ContactMessage | undefined {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get()
}

export function setContactMessageRead(db: Queryable, id: string, read: boolean): ContactMessage | undefined {
  return db.update(contactMessages).set({ read }).where(eq(contactMessages.id, id)).returning().get()
}

/** Marks the messages read or unread; ids that do not exist are ignored. Answers how many changed. */
export function setContactMessagesRead(db: Queryable, ids: string[], read: boolean): number {
  if (ids.length === 0) return 0
  return db
    .update(contactMessages)
    .set({ read })
    .where(and(inArray(contactMessages.id, ids), ne(contactMessages.read, read)))
    .run().changes
}

/**
 * Removes the messages; ids that do not exist are ignored. Answers how many went. Every deletion of a
 * message goes through here (one or many), so that moving them to a trash later changes one place.
 */
export function deleteContactMessages(db: Queryable, ids: string[]): number {
  if (ids.length === 0) return 0
  return db.delete(contactMessages).where(inArray(contactMessages.id, ids)).run().changes
}

const contactSortKeys = {
  receivedAt: [contactMessages.receivedAt],
  name: [caseless(contactMessages.name)],
  email: [contactMessages.email],
  read: [contactMessages.read],
} satisfies Record<(typeof contactSortFields)[number], unknown>

/** The inbox's filters: read or not, received between two local days (both included), a search. */
export type ContactFilters = {
  status?: ContactStatusFilter
  /** YYYY-MM-DD in the server's local calendar, as event dates and localToday() are. */
  from?: string
  to?: string
}

/** Midnight starting `day` (YYYY-MM-DD) in the server's local time zone, the calendar localToday() uses. */
export function startOfLocalDay(day: string, addDays = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date + addDays)
}

function contactFilterConditions(filters: ContactFilters): (SQL | undefined)[] {
  return [
    filters.status === 'unread' ? eq(contactMessages.read, false) : undefined,
    filters.status === 'read' ? eq(contactMessages.read, true) : undefined,
    filters.from ? gte(contactMessages.receivedAt, startOfLocalDay(filters.from)) : undefined,
    filters.to ? lt(contactMessages.receivedAt, startOfLocalDay(filters.to, 1)) : undefined,
  ]
}

/** Newest first; `q` searches name, email and message, ignoring case. */
export function listContactMessagesPage(
  db: Queryable,
  options: ListOptions & ContactFilters,
): ListPage<ContactMessage> {
  const where = and(
    ...contactFilterConditions(options),
    matchingAny([contactMessages.name, contactMessages.email, contactMessages.message], options.q),
  )
  const order = sortOrder(options.sort, contactSortKeys, contactMessages.id, [
    desc(contactMessages.receivedAt),
    desc(contactMessages.id),
  ])
  return selectPage(db, contactMessages, where, order, options)
}
