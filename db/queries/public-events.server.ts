import { and, asc, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import type { EventCursor } from '../event-filters'
import { type Event, type EventType, events } from '../schema'
import { newestEventsFirst } from './events.server'

/**
 * The public site's event lists: upcoming (today and later, soonest first) and past (newest first),
 * paginated by keyset so a page costs the same with ten events or a hundred thousand (docs/decisions/040-list-indexes-keyset-and-totals.md). Both
 * orders walk the index events_date_idx (event_date, start_time, id).
 */

export type { EventCursor } from '../event-filters'
export { decodeCursor, encodeCursor } from '../event-filters'

export type EventPage = { events: Event[]; next: EventCursor | null }

const sortKey = sql`(${events.eventDate}, ${events.startTime}, ${events.id})`
const keyOf = (cursor: EventCursor) => sql`(${cursor.eventDate}, ${cursor.startTime}, ${cursor.id})`

/**
 * The two directions of the lists: which dates belong, how the key compares beyond a cursor, and the order
 * (both walk events_date_idx, forwards or backwards).
 */
const directions = {
  upcoming: {
    onOrAfterToday: true,
    beyond: (cursor: EventCursor) => sql`${sortKey} > ${keyOf(cursor)}`,
    order: [asc(events.eventDate), asc(events.startTime), asc(events.id)],
  },
  past: {
    onOrAfterToday: false,
    beyond: (cursor: EventCursor) => sql`${sortKey} < ${keyOf(cursor)}`,
    order: newestEventsFirst,
  },
} as const

/** One page of events in `direction` from `today`, beyond `cursor` when given; one row more says if there is a next page. */
function listEventsOneWay(
  db: Queryable,
  direction: keyof typeof directions,
  options: { today: string; limit: number; cursor?: EventCursor | null | undefined },
): EventPage {
  const { onOrAfterToday, beyond, order } = directions[direction]
  const rows = db
    .select()
    .from(events)
    .where(
      and(
        onOrAfterToday ? gte(events.eventDate, options.today) : lt(events.eventDate, options.today),
        options.cursor ? beyond(options.cursor) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(options.limit + 1)
    .all()
  const more = rows.length > options.limit
  const shown = more ? rows.slice(0, options.limit) : rows
  const last = shown[shown.length - 1]
  return {
    events: shown,
    next: more && last ? { eventDate: last.eventDate, startTime: last.startTime, id: last.id } : null,
  }
}

/** Events on `today` or later, soonest first, after `cursor` when given. */
export function listUpcomingEvents(
  db: Queryable,
  options: { today: string; limit: number; after?: EventCursor | null },
): EventPage {
  return listEventsOneWay(db, 'upcoming', {
    today: options.today,
    limit: options.limit,
    cursor: options.after,
  })
}

/** Events before `today`, newest first, before `cursor` when given. */
export function listPastEvents(
  db: Queryable,
  options: { today: string; limit: number; before?: EventCursor | null },
): EventPage {
  return listEventsOneWay(db, 'past', { today: options.today, limit: options.limit, cursor: options.before })
}

/** The newest events by date, future ones included (the RSS feed). */
export function listNewestEvents(db: Queryable, limit: number): Event[] {
  return db
    .select()
    .from(events)
    .orderBy(...newestEventsFirst)
    .limit(limit)
    .all()
}

/** Id and last change of events, newest first, for the sitemap. */
export function listEventSitemapEntries(db: Queryable, limit: number): { id: string; updatedAt: Date }[] {
  return db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .orderBy(...newestEventsFirst)
    .limit(limit)
    .all()
}

/** How many events there are of each type (the home page's counters); types without events are left out. */
export function countEventsByType(db: Queryable): Partial<Record<EventType, number>> {
  const rows = db
    .select({ type: events.type, count: sql<number>`count(*)` })
    .from(events)
    .where(isNotNull(events.type))
    .groupBy(events.type)
    .all()
  return Object.fromEntries(rows.map((row) => [row.type, row.count]))
}
