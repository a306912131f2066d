import { sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ContactMessage, contactMessages, type NewContactMessage } from '../schema'

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
  const row = db.select({ count: sql<number>`count(*)` }).from(contactMessages).get()
  return row?.count ?? 0
}
