import type { Queryable } from '../../db/client.server'
import { type ContactMessageFields, createContactMessage } from '../../db/queries/contact.server'
import { contactNotificationRecipients } from '../../db/queries/notifications.server'
import { enqueueOutboxMails, type OutboxMailFields } from '../../db/queries/outbox.server'
import type { ContactMessage } from '../../db/schema'

export const CONTACT_NOTIFICATION = 'contact-notification'

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

/**
 * Stores a contact message and, when mail is configured, queues its notification to every recipient in
 * the same transaction: the message and its mails exist together or not at all, and no one waits for SMTP.
 */
export function storeContactMessage(
  db: Queryable,
  fields: ContactMessageFields,
  notify: { enabled: boolean; inboxUrl: string; now: Date },
): { message: ContactMessage; queued: number } {
  return db.transaction((tx) => {
    const message = createContactMessage(tx, fields)
    if (!notify.enabled) return { message, queued: 0 }
    const mails = contactNotificationRecipients(tx).map((to) =>
      contactNotificationMail(message, to, notify.inboxUrl),
    )
    return { message, queued: enqueueOutboxMails(tx, mails, notify.now) }
  })
}
