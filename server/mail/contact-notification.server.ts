import type { Queryable } from '#db/client.server'
import { type ContactMessageFields, createContactMessage } from '#db/queries/contact.server'
import { contactNotificationRecipients } from '#db/queries/notifications.server'
import { enqueueOutboxMails, type OutboxMailFields } from '#db/queries/outbox.server'
import type { ContactMessage } from '#db/schema'
import { type ContactInput, contactBotReason } from '#db/validation'
import { type AppContext, type Clock, systemClock } from '../context.server'
import type { OutboxHandle } from './outbox.server'

export const CONTACT_NOTIFICATION = 'contact-notification'

/** Where the console lists the messages (linked from the notification mail). */
export const CONSOLE_INBOX_PATH = '/dashboard/contact-list'

/** What a notice needs: whether mail goes anywhere, the console's inbox URL, the outbox's clock. */
export function notifyOptions(ctx: AppContext, outbox: OutboxHandle): NotifyOptions {
  return {
    enabled: outbox.configured,
    inboxUrl: new URL(CONSOLE_INBOX_PATH, ctx.env.publicUrl).href,
    now: outbox.now(),
  }
}

/** The mail that tells one recipient of a new contact message; a reply goes straight to the sender. */
export function contactNotificationMail(
  message: ContactMessage,
  to: string,
  inboxUrl: string,
): OutboxMailFields {
  return {
    kind: CONTACT_NOTIFICATION,
    subjectId: message.id,
    to,
    // The bare address: a display name may hold characters that would have to be quoted in a header.
    replyTo: message.email,
    subject: `New message from ${message.name}`,
    text: [
      `${message.name} <${message.email}> wrote through the website's contact form:`,
      '',
      message.message,
      '',
      '--',
      `Reply to this mail to answer ${message.name}. All messages: ${inboxUrl}`,
    ].join('\n'),
  }
}

/** Whether new messages are mailed (SMTP_URL is set), where the mail links to, and the outbox's clock. */
export type NotifyOptions = { enabled: boolean; inboxUrl: string; now: Date }

/**
 * Queues the notice of a message to every recipient; call it inside the transaction that stores the message
 * or brings it back from the spam. Answers how many mails were queued (none without mail).
 */
export function queueContactNotification(
  db: Queryable,
  message: ContactMessage,
  notify: NotifyOptions,
): number {
  if (!notify.enabled) return 0
  const mails = contactNotificationRecipients(db).map((to) =>
    contactNotificationMail(message, to, notify.inboxUrl),
  )
  return enqueueOutboxMails(db, mails, notify.now)
}

/**
 * Stores a contact message and, when mail is configured, queues its notification to every recipient in
 * the same transaction: the message and its mails exist together or not at all, and no one waits for SMTP.
 * A message caught by the bot checks (`spamReason`) is kept as spam and notifies nobody.
 */
export function storeContactMessage(
  db: Queryable,
  fields: ContactMessageFields,
  notify: NotifyOptions,
): { message: ContactMessage; queued: number } {
  return db.transaction((tx) => {
    const message = createContactMessage(tx, fields)
    if (message.spam) return { message, queued: 0 }
    return { message, queued: queueContactNotification(tx, message, notify) }
  })
}

/**
 * A message from the contact form (the API's or the page's plain POST): stored, and its notices queued and
 * the outbox woken; a message that trips the bot checks is kept as spam instead, notifying nobody
 * (docs/decisions/065-bot-messages-kept-as-spam.md). The caller answers both alike.
 */
export function receiveContactMessage(
  ctx: AppContext,
  outbox: OutboxHandle,
  input: ContactInput,
  clock: Clock = systemClock,
): ContactMessage {
  const { name, email, message } = input
  // The fill time is measured on the app's clock (tests stop it).
  const spamReason = contactBotReason(input, clock()) ?? undefined
  const stored = storeContactMessage(
    ctx.db,
    { name, email, message, spamReason },
    notifyOptions(ctx, outbox),
  ).message
  if (spamReason) ctx.logger.info({ reason: spamReason, contact: stored.id }, 'Contact message kept as spam')
  // After the commit, and without waiting: the visitor's answer never depends on the mail server.
  else outbox.wake()
  return stored
}
