import { quoteOriginal, replySubject } from '#components/shared/contact-reply'
import { site } from '#content/site'
import type { Queryable } from '#db/client.server'
import { createContactReply } from '#db/queries/contact.server'
import { enqueueOutboxMails, type OutboxMailFields } from '#db/queries/outbox.server'
import { readSiteContactEmail } from '#db/queries/site-texts.server'
import type { ContactMessage, ContactReply } from '#db/schema'

/**
 * An answer to a contact message, to its sender: from MAIL_FROM (the mailer's sender), Reply-To the
 * chapter's own address (the contact email of the site's texts), so the sender's answer reaches people rather than a noreply
 * box; the reply, a signature, then the original quoted.
 */
export function contactReplyMail(
  message: ContactMessage,
  reply: ContactReply,
  timeZone: string,
  chapter: { name: string; email: string },
): OutboxMailFields {
  return {
    kind: 'contact-reply',
    subjectId: reply.id,
    to: message.email,
    replyTo: chapter.email,
    subject: replySubject(chapter.name),
    text: [reply.text, '', '--', chapter.name, chapter.email, '', quoteOriginal(message, timeZone)].join(
      '\n',
    ),
  }
}

/**
 * Writes a reply and queues its mail in one transaction: the reply and its mail exist together or not at
 * all, and the outbox retries the mail until it goes (or gives up, which the thread then shows).
 */
export function storeContactReply(
  db: Queryable,
  input: {
    message: ContactMessage
    author: { id: string | null; name: string }
    text: string
    now: Date
    timeZone: string
  },
): { reply: ContactReply; message: ContactMessage } {
  return db.transaction((tx) => {
    const stored = createContactReply(tx, {
      messageId: input.message.id,
      authorId: input.author.id,
      authorName: input.author.name,
      text: input.text,
      createdAt: input.now,
    })
    const chapter = { name: site.chapterName, email: readSiteContactEmail(tx) ?? site.contact.email }
    enqueueOutboxMails(
      tx,
      [contactReplyMail(stored.message, stored.reply, input.timeZone, chapter)],
      input.now,
    )
    return stored
  })
}
