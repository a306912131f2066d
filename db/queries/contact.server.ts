import { desc, eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ContactMessage, contactMessages, type NewContactMessage } from '../schema'
import type { contactSortFields } from '../validation'
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

const contactSortKeys = {
  receivedAt: [contactMessages.receivedAt],
  name: [caseless(contactMessages.name)],
  email: [contactMessages.email],
  read: [contactMessages.read],
} satisfies Record<(typeof contactSortFields)[number], unknown>

/** Newest first; `q` searches name, email and message. */
export function listContactMessagesPage(db: Queryable, options: ListOptions): ListPage<ContactMessage> {
  const where = matchingAny([contactMessages.name, contactMessages.email, contactMessages.message], options.q)
  const order = sortOrder(options.sort, contactSortKeys, contactMessages.id, [
    desc(contactMessages.receivedAt),
    desc(contactMessages.id),
  ])
  return selectPage(db, contactMessages, where, order, options)
}
