import express, { type Router } from 'express'
import type { Queryable } from '#db/client.server'
import { localDaySpan } from '#db/clock'
import { type ContactMessageDto, toContactMessageDto, toContactReceiptDto, toContactReplyDto } from '#db/dto'
import {
  assignContactMessage,
  assigneesOf,
  contactRepliesOf,
  countUnreadContactMessages,
  deleteContactMessages,
  findContactMessage,
  listContactMessagesPage,
  markContactMessageNotSpam,
  markContactMessageSpam,
  setContactMessageRead,
  setContactMessagesRead,
} from '#db/queries/contact.server'
import { findPersonById } from '#db/queries/people.server'
import type { ContactMessage, TrashItem } from '#db/schema'
import {
  type ContactBulkAction,
  contactBulkSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactReplySchema,
  contactUpdateSchema,
} from '#db/validation'
import type { AppContext, Clock } from '../context.server'
import { ApiError, INVALID_INPUT } from '../errors.server'
import {
  type NotifyOptions,
  notifyOptions,
  queueContactNotification,
  receiveContactMessage,
} from '../mail/contact-notification.server'
import { storeContactReply } from '../mail/contact-reply.server'
import type { OutboxHandle } from '../mail/outbox.server'
import type { Principal } from '../policy/principal.server'
import { adminOnly, principalOf } from '../policy/require.server'
import { takesContactMessages } from '../policy/rules.server'
import { actorOf, itemOf, recordActivity, recordChange } from '../services/activity.server'
import { moveToTrash, trashed } from '../services/trash.server'
import { found, readId, readJson, readQuery } from './input.server'
import { contactMessageLimit } from './rate-limits.server'

const messages = (count: number) => (count === 1 ? '1 message' : `${count} messages`)

/** How the trash and the activity log name a message. */

/** The answers of a bulk action that marks (every action but delete). */
const BULK_MARKED: Record<Exclude<ContactBulkAction, 'delete'>, string> = {
  read: 'as read',
  unread: 'as unread',
  spam: 'as spam',
  'not-spam': 'as not spam',
}

/** The messages as the API shows them, with the names of the people assigned (one query for all). */
function contactDtos(db: Queryable, rows: ContactMessage[]): ContactMessageDto[] {
  const assignees = assigneesOf(db, rows)
  return rows.map((row) =>
    toContactMessageDto(row, (row.assigneeId && assignees.get(row.assigneeId)) || null),
  )
}

const contactDto = (db: Queryable, row: ContactMessage): ContactMessageDto => {
  const [dto] = contactDtos(db, [row])
  if (!dto) throw new Error('unreachable: one row in, one out')
  return dto
}

/**
 * Moves a message into the spam or back, logged. A message the bot checks caught was never notified: back
 * in the inbox, it is, as if it had just arrived (docs/decisions/065-bot-messages-kept-as-spam.md). Call it
 * inside a transaction; answers the message and how many notices were queued.
 */
function setSpam(
  tx: Queryable,
  message: ContactMessage,
  spam: boolean,
  principal: Principal,
  notify: NotifyOptions,
): { message: ContactMessage; queued: number } {
  if (message.spam === spam) return { message, queued: 0 }
  const caughtByChecks = message.spamReason === 'honeypot' || message.spamReason === 'too-fast'
  const changed = found(
    spam ? markContactMessageSpam(tx, message.id, notify.now) : markContactMessageNotSpam(tx, message.id),
    'Message',
  )
  recordActivity(tx, principal, { action: spam ? 'spam' : 'not-spam', item: itemOf.message(message) })
  const queued = !spam && caughtByChecks ? queueContactNotification(tx, changed, notify) : 0
  return { message: changed, queued }
}

/**
 * The contact form's API and the administrator's inbox (docs/decisions/054-contact-inbox-api.md): list and
 * filter, read, assign, reply through the outbox (docs/decisions/064-replies-and-assignment-in-the-inbox.md),
 * spam (docs/decisions/065-bot-messages-kept-as-spam.md), delete to the trash.
 */
export function createContactRouter(ctx: AppContext, outbox: OutboxHandle, clock: Clock): Router {
  const { db } = ctx
  const router = express.Router()

  /** An administrator who can sign in, to assign a message to; anyone else is a 400 on `assigneeId`. */
  const activeAdministrator = (id: string) => {
    const person = findPersonById(db, id)
    if (!person || !takesContactMessages(person))
      throw new ApiError(400, INVALID_INPUT, {
        assigneeId: 'Choose an active administrator',
      })
    return person
  }

  // Anyone may write: at most 10 messages a minute per address. A bot's message is kept as spam, and
  // answered exactly as any other, so a bot learns nothing from the answer.
  router.post('/', contactMessageLimit(ctx), (req, res) => {
    const contact = receiveContactMessage(ctx, outbox, readJson(req, contactInputSchema), clock)
    res
      .status(201)
      .json({ success: true, message: 'Message sent successfully', contact: toContactReceiptDto(contact) })
  })

  /** Moves the messages that exist to the trash, one item each, in one transaction; returns the items. */
  const trashMessages = (ids: string[], req: express.Request): TrashItem[] => {
    const principal = principalOf(req)
    return db.transaction((tx) =>
      ids.flatMap((id) => {
        const message = findContactMessage(tx, id)
        if (!message) return []
        const remove = (inner: Queryable) => deleteContactMessages(inner, [id])
        return [moveToTrash(tx, principal, itemOf.message(message), remove).trashItem]
      }),
    )
  }

  router.get('/', adminOnly, (req, res) => {
    const { search, q, status, assignee, from, to, ...options } = readQuery(req, contactListQuerySchema)
    const assigneeId =
      assignee === undefined
        ? undefined
        : assignee === 'none'
          ? null
          : assignee === 'me'
            ? principalOf(req).personId
            : assignee
    const { rows, total } = listContactMessagesPage(db, {
      ...options,
      status: status === 'all' ? undefined : status,
      assigneeId,
      q: search || q,
      ...localDaySpan({ from, to }, ctx.clock.timeZone),
    })
    res.json({
      success: true,
      contacts: contactDtos(db, rows),
      total,
      unread: countUnreadContactMessages(db),
    })
  })

  // The console's sidebar and tab title ask for this often: one count over an index.
  router.get('/unread-count', adminOnly, (_req, res) => {
    res.json({ success: true, unread: countUnreadContactMessages(db) })
  })

  router.post('/bulk', adminOnly, (req, res) => {
    const { ids, action } = readJson(req, contactBulkSchema)
    const unique = [...new Set(ids)]
    if (action === 'delete') {
      const trashIds = trashMessages(unique, req).map((item) => item.id)
      const count = trashIds.length
      res.json({ success: true, message: `Deleted ${messages(count)}`, count, trashIds })
      return
    }
    let count: number
    if (action === 'spam' || action === 'not-spam') {
      const principal = principalOf(req)
      const notify = notifyOptions(ctx, outbox)
      let queued = 0
      count = db.transaction((tx) =>
        unique.reduce((changed, id) => {
          const message = findContactMessage(tx, id)
          if (!message || message.spam === (action === 'spam')) return changed
          queued += setSpam(tx, message, action === 'spam', principal, notify).queued
          return changed + 1
        }, 0),
      )
      if (queued > 0) outbox.wake()
    } else count = setContactMessagesRead(db, unique, action === 'read')
    res.json({ success: true, message: `Marked ${messages(count)} ${BULK_MARKED[action]}`, count })
  })

  // Reading a message does not mark it read: the console does that with PATCH when it opens one.
  router.get('/:id', adminOnly, (req, res) => {
    const contact = found(findContactMessage(db, readId(req)), 'Message')
    res.json({
      success: true,
      contact: contactDto(db, contact),
      replies: contactRepliesOf(db, contact.id).map(({ reply, mail }) => toContactReplyDto(reply, mail)),
    })
  })

  // Read or unread, spam or not, assigned to an administrator or to nobody: one request may change several.
  router.patch('/:id', adminOnly, (req, res) => {
    const before = found(findContactMessage(db, readId(req)), 'Message')
    const update = readJson(req, contactUpdateSchema)
    const assignee = update.assigneeId ? activeAdministrator(update.assigneeId) : null
    const principal = principalOf(req)
    const notify = notifyOptions(ctx, outbox)
    const said: string[] = []
    let queued = 0
    const updated = db.transaction((tx) => {
      let message = before
      if (update.spam !== undefined && update.spam !== message.spam) {
        // Not spam first: it makes the message new (unread), which a `read` sent with it then changes.
        ;({ message, queued } = setSpam(tx, message, update.spam, principal, notify))
        said.push(update.spam ? 'Marked as spam' : 'Marked as not spam')
      }
      if (update.read !== undefined) {
        message = found(setContactMessageRead(tx, message.id, update.read), 'Message')
        said.push(update.read ? 'Marked as read' : 'Marked as unread')
      }
      if (update.assigneeId !== undefined && update.assigneeId !== message.assigneeId) {
        const previous = message.assigneeId ? findPersonById(tx, message.assigneeId)?.name : undefined
        message = found(assignContactMessage(tx, message.id, update.assigneeId), 'Message')
        recordActivity(tx, principal, {
          action: 'assign',
          item: itemOf.message(message),
          details: { assignee: [previous ?? null, assignee?.name ?? null] },
        })
      }
      if (update.assigneeId !== undefined)
        said.push(assignee ? `Assigned to ${assignee.name}` : 'Assigned to nobody')
      return message
    })
    if (queued > 0) outbox.wake()
    res.json({
      success: true,
      message: said.length === 1 ? said[0] : 'Message updated',
      contact: contactDto(db, updated),
    })
  })

  // An answer to the sender, through the outbox: stored with its mail in one transaction, sent at once,
  // retried when the mail server is down. The message is then replied (and read).
  router.post('/:id/reply', adminOnly, (req, res) => {
    const message = found(findContactMessage(db, readId(req)), 'Message')
    const { text } = readJson(req, contactReplySchema)
    if (!outbox.configured)
      throw new ApiError(
        409,
        'This site cannot send email (SMTP_URL is not set): answer from your own mail program.',
      )
    if (message.spam) throw new ApiError(409, 'This message is marked as spam: mark it as not spam to reply.')
    const principal = principalOf(req)
    const stored = recordChange(
      db,
      principal,
      (tx) =>
        storeContactReply(tx, {
          message,
          author: actorOf(principal),
          text,
          now: outbox.now(),
          timeZone: ctx.clock.timeZone,
        }),
      () => ({ action: 'reply', item: itemOf.message(message), details: { to: message.email, text } }),
    )
    outbox.wake()
    const thread = contactRepliesOf(db, message.id)
    const mine = thread.find(({ reply }) => reply.id === stored.reply.id)
    res.status(201).json({
      success: true,
      message: 'Reply on its way',
      reply: toContactReplyDto(stored.reply, mine?.mail),
      contact: contactDto(db, stored.message),
    })
  })

  router.delete('/:id', adminOnly, (req, res) => {
    const [item] = trashMessages([readId(req)], req)
    res.json({ success: true, message: 'Message deleted', ...trashed(found(item, 'Message')) })
  })

  return router
}
