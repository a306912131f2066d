import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Event, events, type NewEvent } from '../schema'

export type EventFields = Omit<NewEvent, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>

export function createEvent(db: Queryable, ownerId: string, fields: EventFields): Event {
  return db
    .insert(events)
    .values({ ...fields, id: newId(), ownerId })
    .returning()
    .get()
}

export function findEventById(db: Queryable, id: string): Event | undefined {
  return db.select().from(events).where(eq(events.id, id)).get()
}

/** Newest first, as the public list shows them. */
export function listEvents(db: Queryable, options: { limit?: number; offset?: number } = {}): Event[] {
  const query = db
    .select()
    .from(events)
    .orderBy(desc(events.eventDate), desc(events.startTime), asc(events.id))
    .$dynamic()
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0)
  return query.all()
}

export function countEvents(db: Queryable, ownerId?: string): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(events)
    .where(ownerId ? eq(events.ownerId, ownerId) : undefined)
    .get()
  return row?.count ?? 0
}
