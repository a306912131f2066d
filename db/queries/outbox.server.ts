import { and, asc, desc, eq, gt, lte, min, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type OutboxMail, type OutboxMailKind, type OutboxStatus, outboxMails } from '../schema'

/** A mail to put in the outbox: one recipient per row, so each is retried and reported on its own. */
export type OutboxMailFields = {
  kind: OutboxMailKind
  /** The row the mail is about (a contact message, a reply), to find its mail again. */
  subjectId?: string
  to: string
  subject: string
  text: string
  replyTo?: string
}

/** Queues the mails, due at once. Call it inside the transaction that stores what they are about. */
export function enqueueOutboxMails(db: Queryable, mails: OutboxMailFields[], now: Date): number {
  if (mails.length === 0) return 0
  return db
    .insert(outboxMails)
    .values(mails.map((mail) => ({ ...mail, id: newId(), nextAttemptAt: now, createdAt: now })))
    .run().changes
}

/** Pending mails whose next attempt is due at `now`, the longest waiting first. */
export function dueOutboxMails(db: Queryable, now: Date, limit: number): OutboxMail[] {
  return db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.status, 'pending'), lte(outboxMails.nextAttemptAt, now)))
    .orderBy(asc(outboxMails.nextAttemptAt))
    .limit(limit)
    .all()
}

/** Makes every pending mail due at `now` (a fresh start tries them at once, not after their backoff). */
export function makePendingOutboxMailsDue(db: Queryable, now: Date): number {
  return db
    .update(outboxMails)
    .set({ nextAttemptAt: now })
    .where(and(eq(outboxMails.status, 'pending'), gt(outboxMails.nextAttemptAt, now)))
    .run().changes
}

/** When the next pending mail is due, or undefined when none is pending. */
export function nextOutboxAttemptAt(db: Queryable): Date | undefined {
  const row = db
    .select({ next: min(outboxMails.nextAttemptAt) })
    .from(outboxMails)
    .where(eq(outboxMails.status, 'pending'))
    .get()
  return row?.next ?? undefined
}

export function markOutboxMailSent(db: Queryable, id: string, now: Date): void {
  db.update(outboxMails)
    .set({ status: 'sent', sentAt: now, attempts: sql`${outboxMails.attempts} + 1`, lastError: null })
    .where(eq(outboxMails.id, id))
    .run()
}

/** Records a failed attempt: tried again at `retryAt`, or given up ('failed') when that is undefined. */
export function markOutboxAttemptFailed(
  db: Queryable,
  id: string,
  error: string,
  retryAt: Date | undefined,
): void {
  db.update(outboxMails)
    .set({
      attempts: sql`${outboxMails.attempts} + 1`,
      lastError: error,
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
    })
    .where(eq(outboxMails.id, id))
    .run()
}

/** Forgets delivered mails sent before `before` (the settings page shows recent ones only). */
export function pruneSentOutboxMails(db: Queryable, before: Date): number {
  return db
    .delete(outboxMails)
    .where(and(eq(outboxMails.status, 'sent'), lte(outboxMails.sentAt, before)))
    .run().changes
}

export function countOutboxMails(db: Queryable, status: OutboxStatus): number {
  return (
    db.select({ count: sql<number>`count(*)` }).from(outboxMails).where(eq(outboxMails.status, status)).get()
      ?.count ?? 0
  )
}

export function recentOutboxMails(db: Queryable, limit: number): OutboxMail[] {
  return db
    .select()
    .from(outboxMails)
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(limit)
    .all()
}
