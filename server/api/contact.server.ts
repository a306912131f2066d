import express, { type Router } from 'express'
import { toContactMessageDto } from '../../db/dto'
import { newId } from '../../db/ids.server'
import {
  countUnreadContactMessages,
  deleteContactMessages,
  findContactMessage,
  listContactMessagesPage,
  setContactMessageRead,
  setContactMessagesRead,
} from '../../db/queries/contact.server'
import { deleteToTrash } from '../../db/queries/trash.server'
import type { TrashItem } from '../../db/schema'
import {
  contactBotReason,
  contactBulkSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactReadSchema,
} from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { adminOnly, callerOf } from '../auth/policy.server'
import type { AppContext, Clock } from '../context.server'
import { storeContactMessage } from '../mail/contact-notification.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { contactMessageLimit } from '../rate-limits.server'
import { found, readId, readJson, readQuery } from './input.server'
import { trashed } from './trash.server'

/** Where the console lists the messages (linked from the notification mail). */
export const CONSOLE_INBOX_PATH = '/dashboard/contact-list'

const messages = (count: number) => (count === 1 ? '1 message' : `${count} messages`)

export function createContactRouter(ctx: AppContext, outbox: OutboxHandle, clock: Clock): Router {
  const { db, logger } = ctx
  const router = express.Router()
  const inboxUrl = new URL(CONSOLE_INBOX_PATH, ctx.env.publicUrl).href

  // Anyone may write: at most 10 messages a minute per address, and a bot's message is answered but dropped.
  router.post('/', contactMessageLimit(ctx), (req, res) => {
    const input = readJson(req, contactInputSchema)
    const { name, email, message } = input
    const botReason = contactBotReason(input, clock())
    const contact = botReason
      ? // The same answer as a stored message, so a bot learns nothing from it.
        { id: newId(), name, email, message, receivedAt: new Date(), read: false }
      : storeContactMessage(
          db,
          { name, email, message },
          { enabled: outbox.configured, inboxUrl, now: outbox.now() },
        ).message
    if (botReason) logger.info({ reason: botReason }, 'Contact message dropped as spam')
    // After the commit, and without waiting: the visitor's answer never depends on the mail server.
    else outbox.wake()
    res
      .status(201)
      .json({ success: true, message: 'Message sent successfully', contact: toContactMessageDto(contact) })
  })

  /** Moves the messages that exist to the trash, one item each, in one transaction; returns the items. */
  const trashMessages = (ids: string[], res: express.Response): TrashItem[] => {
    const actor = actorOf(callerOf(res))
    return db.transaction((tx) =>
      ids.flatMap((id) => {
        const message = findContactMessage(tx, id)
        if (!message) return []
        const title = `Message from ${message.name}`
        const entry = { type: 'message' as const, itemId: id, title, chapterId: null, actor }
        return [deleteToTrash(tx, entry, (inner) => deleteContactMessages(inner, [id])).trashItem]
      }),
    )
  }

  router.get('/', adminOnly, (req, res) => {
    const { search, q, status, ...options } = readQuery(req, contactListQuerySchema)
    const { rows, total } = listContactMessagesPage(db, {
      ...options,
      status: status === 'all' ? undefined : status,
      q: search || q,
    })
    res.json({
      success: true,
      contacts: rows.map(toContactMessageDto),
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
      const trashIds = trashMessages(unique, res).map((item) => item.id)
      const count = trashIds.length
      res.json({ success: true, message: `Deleted ${messages(count)}`, count, trashIds })
      return
    }
    const count = setContactMessagesRead(db, unique, action === 'read')
    res.json({ success: true, message: `Marked ${messages(count)} as ${action}`, count })
  })

  // Reading a message does not mark it read: the console does that with PATCH when it opens one.
  router.get('/:id', adminOnly, (req, res) => {
    const contact = found(findContactMessage(db, readId(req)), 'Message')
    res.json({ success: true, contact: toContactMessageDto(contact) })
  })

  router.patch('/:id', adminOnly, (req, res) => {
    const message = found(findContactMessage(db, readId(req)), 'Message')
    const { read } = readJson(req, contactReadSchema)
    const updated = found(setContactMessageRead(db, message.id, read), 'Message')
    res.json({
      success: true,
      message: read ? 'Marked as read' : 'Marked as unread',
      contact: toContactMessageDto(updated),
    })
  })

  router.delete('/:id', adminOnly, (req, res) => {
    const [item] = trashMessages([readId(req)], res)
    res.json({ success: true, message: 'Message deleted', ...trashed(found(item, 'Message')) })
  })

  return router
}
