import { and, desc, eq, sql } from 'drizzle-orm'
import { preparedQuery, type Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Event, type EventType, events, type NewEvent } from '../schema'
import type { eventSortFields } from '../validation'
import {
  caseless,
  countWhere,
  type ListOptions,
  type ListPage,
  matchingPattern,
  searchPattern,
  selectShapedPage,
  sortOrder,
} from './list.server'

export type EventFields = Omit<NewEvent, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>

/** `ownerId` null: an administrator's own event, owned by no chapter. */
export function createEvent(db: Queryable, ownerId: string | null, fields: EventFields): Event {
  return db
    .insert(events)
    .values({ ...fields, id: newId(), ownerId })
    .returning()
    .get()
}

const eventById = preparedQuery((db) =>
  db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .prepare(),
)

export function findEventById(db: Queryable, id: string): Event | undefined {
  return eventById(db).get({ id })
}

/** Every event of one owner (a chapter being deleted). */
export function eventsOwnedBy(db: Queryable, ownerId: string): Event[] {
  return db.select().from(events).where(eq(events.ownerId, ownerId)).all()
}

export function countEvents(db: Queryable, ownerId?: string): number {
  return countWhere(db, events, ownerId ? eq(events.ownerId, ownerId) : undefined)
}

/** `ownerId` given: the event moves to that chapter (null: the branch); left out: it stays where it is. */
export function updateEvent(
  db: Queryable,
  id: string,
  fields: EventFields & { ownerId?: string | null },
): Event | undefined {
  return db
    .update(events)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning()
    .get()
}

export function deleteEvent(db: Queryable, id: string): boolean {
  return db.delete(events).where(eq(events.id, id)).run().changes > 0
}

const eventSortKeys = {
  eventDate: [events.eventDate, events.startTime],
  title: [caseless(events.title)],
  location: [caseless(events.location)],
  fees: [events.fees],
  createdAt: [events.createdAt],
} satisfies Record<(typeof eventSortFields)[number], unknown>

/** Newest first by date and start time, ties by id (events_date_idx read backwards): every newest-first list. */
export const newestEventsFirst = [desc(events.eventDate), desc(events.startTime), desc(events.id)]

/**
 * One page of events (all of them without page/pageSize), optionally one owner's and of one type; `q`
 * searches title, host and location.
 */
export function listEventsPage(
  db: Queryable,
  options: ListOptions & { ownerId?: string; type?: EventType | undefined },
): ListPage<Event> {
  const pattern = searchPattern(options.q)
  const owned = options.ownerId !== undefined
  const typed = options.type !== undefined
  const where = and(
    owned ? eq(events.ownerId, sql.placeholder('owner')) : undefined,
    typed ? eq(events.type, sql.placeholder('type')) : undefined,
    pattern === undefined
      ? undefined
      : matchingPattern([events.title, events.host, events.location], sql.placeholder('pattern')),
  )
  const order = sortOrder(options.sort, eventSortKeys, events.id, newestEventsFirst)
  // The statement depends on which filters there are and the sort, not on their values.
  const key = `${owned ? 'owner' : ''}|${typed ? 'type' : ''}|${pattern === undefined ? '' : 'q'}|${options.sort ?? ''}`
  const params = {
    ...(owned ? { owner: options.ownerId } : {}),
    ...(typed ? { type: options.type } : {}),
    ...(pattern === undefined ? {} : { pattern }),
  }
  return selectShapedPage(db, events, { key, params, where, order }, options)
}
