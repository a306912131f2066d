import { and, asc, gte, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { type Event, events } from '../schema'
import { newestEventsFirst } from './events.server'

/**
 * The public site's event lists: upcoming (today and later, soonest first) and past (newest first),
 * paginated by keyset so a page costs the same with ten events or a hundred thousand (issue 6). Both
 * orders walk the index events_date_idx (event_date, start_time, id).
 */

/** A position in a list: the sort key of the last event shown. */
export type EventCursor = { eventDate: string; startTime: string; id: string }

export type EventPage = { events: Event[]; next: EventCursor | null }

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{2}:\d{2})_([\w-]{1,64})$/

export function encodeCursor(event: Pick<Event, 'eventDate' | 'startTime' | 'id'>): string {
  return `${event.eventDate}_${event.startTime}_${event.id}`
}

/** The cursor in a ?before= or ?after= parameter, or null when it is missing or malformed. */
export function decodeCursor(value: string | undefined | null): EventCursor | null {
  const match = value ? CURSOR.exec(value) : null
  if (!match) return null
  const [, eventDate = '', startTime = '', id = ''] = match
  return { eventDate, startTime, id }
}

/** Today's date as events store it (YYYY-MM-DD in the server's clock, decisions §21). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const sortKey = sql`(${events.eventDate}, ${events.startTime}, ${events.id})`
const keyOf = (cursor: EventCursor) => sql`(${cursor.eventDate}, ${cursor.startTime}, ${cursor.id})`

function toPage(rows: Event[], limit: number): EventPage {
  const more = rows.length > limit
  const shown = more ? rows.slice(0, limit) : rows
  const last = shown[shown.length - 1]
  return { events: shown, next: more && last ? decodeCursor(encodeCursor(last)) : null }
}

/** Events on `today` or later, soonest first, after `cursor` when given. */
export function listUpcomingEvents(
  db: Queryable,
  options: { today: string; limit: number; after?: EventCursor | null },
): EventPage {
  const rows = db
    .select()
    .from(events)
    .where(
      and(
        gte(events.eventDate, options.today),
        options.after ? sql`${sortKey} > ${keyOf(options.after)}` : undefined,
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
    .limit(options.limit + 1)
    .all()
  return toPage(rows, options.limit)
}

/** Events before `today`, newest first, before `cursor` when given. */
export function listPastEvents(
  db: Queryable,
  options: { today: string; limit: number; before?: EventCursor | null },
): EventPage {
  const rows = db
    .select()
    .from(events)
    .where(
      and(
        lt(events.eventDate, options.today),
        options.before ? sql`${sortKey} < ${keyOf(options.before)}` : undefined,
      ),
    )
    .orderBy(...newestEventsFirst)
    .limit(options.limit + 1)
    .all()
  return toPage(rows, options.limit)
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
