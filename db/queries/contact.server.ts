import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import type { PersonRefDto } from '../dto'
import { newId } from '../ids.server'
import {
  type ContactMessage,
  type ContactReply,
  type ContactSpamReason,
  contactMessages,
  contactReplies,
  type NewContactMessage,
  type OutboxMail,
  outboxMails,
  users,
} from '../schema'
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

/** How long spam is kept after it was caught or marked; the periodic sweep deletes it after that. */
export const SPAM_KEEP_DAYS = 30
export const SPAM_KEEP_MS = SPAM_KEEP_DAYS * 24 * 60 * 60 * 1000

export type ContactMessageFields = Pick<NewContactMessage, 'name' | 'email' | 'message'> & {
  receivedAt?: Date
  read?: boolean
  /** Caught by the bot checks: kept as spam from the start. */
  spamReason?: Exclude<ContactSpamReason, 'marked'>
}

export function createContactMessage(db: Queryable, fields: ContactMessageFields): ContactMessage {
  const { spamReason, ...message } = fields
  const receivedAt = message.receivedAt ?? new Date()
  return db
    .insert(contactMessages)
    .values({
      ...message,
      receivedAt,
      id: newId(),
      ...(spamReason ? { spam: true, spamReason, spamAt: receivedAt } : {}),
    })
    .returning()
    .get()
}

/** The messages of the inbox (spam aside). */
export function countContactMessages(db: Queryable): number {
  return countWhere(db, contactMessages, eq(contactMessages.spam, false))
}

export function countSpamMessages(db: Queryable): number {
  return countWhere(db, contactMessages, eq(contactMessages.spam, true))
}

/** Messages of the inbox nobody has opened yet (the sidebar, the tab title and the dashboard count them). */
export function countUnreadContactMessages(db: Queryable): number {
  return countWhere(
    db,
    contactMessages,
    and(eq(contactMessages.spam, false), eq(contactMessages.read, false)),
  )
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

/** Moves a message to the spam, as marked by a person at `now` (purged SPAM_KEEP_DAYS later). */
export function markContactMessageSpam(db: Queryable, id: string, now: Date): ContactMessage | undefined {
  return db
    .update(contactMessages)
    .set({ spam: true, spamReason: 'marked', spamAt: now })
    .where(eq(contactMessages.id, id))
    .returning()
    .get()
}

/** Brings a message back from the spam as a new one: unread, in the inbox. */
export function markContactMessageNotSpam(db: Queryable, id: string): ContactMessage | undefined {
  return db
    .update(contactMessages)
    .set({ spam: false, spamReason: null, spamAt: null, read: false })
    .where(eq(contactMessages.id, id))
    .returning()
    .get()
}

/** Assigns a message to a person, or to nobody (null). */
export function assignContactMessage(
  db: Queryable,
  id: string,
  assigneeId: string | null,
): ContactMessage | undefined {
  return db.update(contactMessages).set({ assigneeId }).where(eq(contactMessages.id, id)).returning().get()
}

/** A person is removed: the messages assigned to them are nobody's. */
export function unassignContactMessagesOf(db: Queryable, personId: string): number {
  return db
    .update(contactMessages)
    .set({ assigneeId: null })
    .where(eq(contactMessages.assigneeId, personId))
    .run().changes
}

/** The names of the assigned people who still exist, by id (one query for a page of messages). */
export function assigneesOf(db: Queryable, messages: ContactMessage[]): Map<string, PersonRefDto> {
  const ids = [...new Set(messages.flatMap((message) => (message.assigneeId ? [message.assigneeId] : [])))]
  if (ids.length === 0) return new Map()
  const rows = db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)).all()
  return new Map(rows.map((row) => [row.id, { _id: row.id, name: row.name }]))
}

/**
 * Removes the messages; ids that do not exist are ignored. Answers how many went. Every deletion of a
 * message goes through here (one or many), so that moving them to a trash later changes one place. Their
 * replies go with them (a foreign key cascades).
 */
export function deleteContactMessages(db: Queryable, ids: string[]): number {
  if (ids.length === 0) return 0
  return db.delete(contactMessages).where(inArray(contactMessages.id, ids)).run().changes
}

/**
 * Deletes for good the spam caught or marked more than SPAM_KEEP_DAYS before `now` (not to the trash: it
 * has waited its 30 days already). Answers how many went.
 */
export function purgeExpiredSpam(db: Queryable, now: Date): number {
  return db
    .delete(contactMessages)
    .where(
      and(eq(contactMessages.spam, true), lt(contactMessages.spamAt, new Date(now.getTime() - SPAM_KEEP_MS))),
    )
    .run().changes
}

/** Writes a reply to a message and marks the message answered (and read) at `reply.createdAt`. */
export function createContactReply(
  db: Queryable,
  reply: { messageId: string; authorId: string | null; authorName: string; text: string; createdAt: Date },
): { reply: ContactReply; message: ContactMessage } {
  const created = db
    .insert(contactReplies)
    .values({ ...reply, id: newId() })
    .returning()
    .get()
  const message = db
    .update(contactMessages)
    .set({ repliedAt: reply.createdAt, read: true })
    .where(eq(contactMessages.id, reply.messageId))
    .returning()
    .get()
  if (!message) throw new Error(`No contact message ${reply.messageId} to reply to`)
  return { reply: created, message }
}

/** A message's replies, oldest first, each with its mail (kind 'contact-reply') while the outbox keeps it. */
export function contactRepliesOf(
  db: Queryable,
  messageId: string,
): { reply: ContactReply; mail: OutboxMail | undefined }[] {
  const replies = db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, messageId))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
    .all()
  if (replies.length === 0) return []
  const mails = db
    .select()
    .from(outboxMails)
    .where(
      and(
        eq(outboxMails.kind, 'contact-reply'),
        inArray(
          outboxMails.subjectId,
          replies.map((reply) => reply.id),
        ),
      ),
    )
    .all()
  const mailOf = new Map(mails.map((mail) => [mail.subjectId, mail]))
  return replies.map((reply) => ({ reply, mail: mailOf.get(reply.id) }))
}

const contactSortKeys = {
  receivedAt: [contactMessages.receivedAt],
  name: [caseless(contactMessages.name)],
  email: [contactMessages.email],
  read: [contactMessages.read],
} satisfies Record<(typeof contactSortFields)[number], unknown>

/**
 * The inbox's filters: a status (the inbox without spam by default), the person assigned (`null`: nobody),
 * received between two local days (both included).
 */
export type ContactFilters = {
  status?: ContactStatusFilter
  assigneeId?: string | null
  /** Received at or after this moment (the start of a day in the site's calendar, for the inbox's filter). */
  from?: Date
  /** Received before this moment. */
  to?: Date
}

function statusConditions(status: ContactStatusFilter | undefined): (SQL | undefined)[] {
  const { read, repliedAt, spam } = contactMessages
  switch (status) {
    case 'spam':
      return [eq(spam, true)]
    case 'new':
      return [eq(spam, false), eq(read, false), isNull(repliedAt)]
    case 'read':
      return [eq(spam, false), eq(read, true), isNull(repliedAt)]
    case 'replied':
      return [eq(spam, false), isNotNull(repliedAt)]
    case 'unread':
      return [eq(spam, false), eq(read, false)]
    default:
      return [eq(spam, false)]
  }
}

function contactFilterConditions(filters: ContactFilters): (SQL | undefined)[] {
  const { assigneeId, receivedAt } = contactMessages
  return [
    ...statusConditions(filters.status),
    filters.assigneeId === undefined
      ? undefined
      : filters.assigneeId === null
        ? isNull(assigneeId)
        : eq(assigneeId, filters.assigneeId),
    filters.from ? gte(receivedAt, filters.from) : undefined,
    filters.to ? lt(receivedAt, filters.to) : undefined,
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
