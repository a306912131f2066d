import { and, asc, desc, eq, gt, inArray, lte, min, ne, sql } from 'drizzle-orm'
import { preparedQuery, type Queryable } from '../client.server'
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
  /** The same as simple HTML. */
  html?: string
  /** Attachments: a calendar file (text), a ticket's QR code (base64, inline by its `cid`). */
  attachments?: MailAttachment[]
  /**
   * JSON for the mail's maker (OutboxOptions.makeMail): the mail is made from it when sent, and `text` is
   * empty until then.
   */
  recipe?: string
  /** Not sent before then (a mail that may still be withdrawn); due at once without it. */
  notBefore?: Date
}

/**
 * An attachment as the outbox keeps it (JSON): text as it is, binary as base64 (`encoding`), or a QR code
 * to make (`qrCodeOf`); one with a `cid` is shown inline, where the HTML names `cid:<cid>`.
 */
export type MailAttachment = {
  filename: string
  contentType: string
  /** Empty for one that `qrCodeOf` describes. */
  content: string
  encoding?: 'base64'
  cid?: string
  /**
   * A PNG QR code of this text, made when the mail is sent (server/mail/mailer.server.ts) rather than when
   * it is queued: making it was a tenth of a registration's work inside its write transaction.
   */
  qrCodeOf?: string
}

/** Queues the mails, due at once (or at their `notBefore`). Call it inside the transaction that stores what they are about. */
export function enqueueOutboxMails(db: Queryable, mails: OutboxMailFields[], now: Date): number {
  const insert = insertMail(db)
  for (const { attachments, notBefore, ...mail } of mails)
    insert.run({
      id: newId(),
      kind: mail.kind,
      subjectId: mail.subjectId ?? null,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      replyTo: mail.replyTo ?? null,
      html: mail.html ?? null,
      attachments: attachments?.length ? JSON.stringify(attachments) : null,
      recipe: mail.recipe ?? null,
      nextAttemptAt: (notBefore ?? now).getTime(),
      createdAt: now.getTime(),
    })
  return mails.length
}

/** One mail into the outbox, prepared once: a registration burst queues a thousand a second. */
const insertMail = preparedQuery((db) =>
  db
    .insert(outboxMails)
    .values({
      id: sql.placeholder('id'),
      kind: sql.placeholder('kind'),
      subjectId: sql.placeholder('subjectId'),
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      replyTo: sql.placeholder('replyTo'),
      html: sql.placeholder('html'),
      attachments: sql.placeholder('attachments'),
      recipe: sql.placeholder('recipe'),
      // Milliseconds, as the columns store them.
      nextAttemptAt: sql`${sql.placeholder('nextAttemptAt')}`,
      createdAt: sql`${sql.placeholder('createdAt')}`,
    })
    .prepare(),
)

/** A mail's attachments as the outbox keeps them. */
export function attachmentsOf(mail: OutboxMail): MailAttachment[] {
  return mail.attachments ? (JSON.parse(mail.attachments) as MailAttachment[]) : []
}

/** Whether a mail of `kind` about this row has left the queue (sent, or being sent, or given up on). */
export function anyMailGone(db: Queryable, kind: OutboxMailKind, subjectId: string): boolean {
  return (
    db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.kind, kind),
          eq(outboxMails.subjectId, subjectId),
          ne(outboxMails.status, 'pending'),
        ),
      )
      .limit(1)
      .get() !== undefined
  )
}

/** Takes back mails of `kind` about these rows that have not gone yet (an event restored from the trash). */
export function withdrawPendingMails(db: Queryable, kind: OutboxMailKind, subjectIds: string[]): number {
  if (subjectIds.length === 0) return 0
  return db
    .delete(outboxMails)
    .where(
      and(
        eq(outboxMails.kind, kind),
        eq(outboxMails.status, 'pending'),
        inArray(outboxMails.subjectId, subjectIds),
      ),
    )
    .run().changes
}

/** How the mails about one subject went (a message to attendees). */
export function outboxProgress(
  db: Queryable,
  kind: OutboxMailKind,
  subjectId: string,
): Record<OutboxStatus, number> {
  const progress: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 }
  const rows = db
    .select({ status: outboxMails.status, count: sql<number>`count(*)` })
    .from(outboxMails)
    .where(and(eq(outboxMails.kind, kind), eq(outboxMails.subjectId, subjectId)))
    .groupBy(outboxMails.status)
    .all()
  for (const row of rows) progress[row.status] = row.count
  return progress
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

/**
 * Makes every pending mail that failed before due at `now` (a fresh start tries them at once, not after
 * their backoff). A mail not tried yet keeps its time: it may be held back on purpose (`notBefore`).
 */
export function makePendingOutboxMailsDue(db: Queryable, now: Date): number {
  return db
    .update(outboxMails)
    .set({ nextAttemptAt: now })
    .where(
      and(eq(outboxMails.status, 'pending'), gt(outboxMails.nextAttemptAt, now), gt(outboxMails.attempts, 0)),
    )
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
