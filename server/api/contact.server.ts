import express, { type Router } from 'express'
import { toContactMessageDto } from '../../db/dto'
import { newId } from '../../db/ids.server'
import {
  createContactMessage,
  findContactMessage,
  listContactMessagesPage,
  setContactMessageRead,
} from '../../db/queries/contact.server'
import {
  contactBotReason,
  contactInputSchema,
  contactReadSchema,
  contactSortFields,
  listQuerySchema,
} from '../../db/validation'
import { adminOnly } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { contactMessageLimit } from '../rate-limits.server'
import { found, readId, readJson, readQuery } from './input.server'

const contactListQuery = listQuerySchema(contactSortFields)

export function createContactRouter(ctx: AppContext): Router {
  const { db, logger } = ctx
  const router = express.Router()

  // Anyone may write: at most 10 messages a minute per address, and a bot's message is answered but dropped.
  router.post('/', contactMessageLimit(ctx), (req, res) => {
    const input = readJson(req, contactInputSchema)
    const { name, email, message } = input
    const botReason = contactBotReason(input, Date.now())
    const contact = botReason
      ? // The same answer as a stored message, so a bot learns nothing from it.
        { id: newId(), name, email, message, receivedAt: new Date(), read: false }
      : createContactMessage(db, { name, email, message })
    if (botReason) logger.info({ reason: botReason }, 'Contact message dropped as spam')
    res
      .status(201)
      .json({ success: true, message: 'Message sent successfully', contact: toContactMessageDto(contact) })
  })

  router.get('/', adminOnly, (req, res) => {
    const { rows, total } = listContactMessagesPage(db, readQuery(req, contactListQuery))
    res.json({ success: true, contacts: rows.map(toContactMessageDto), total })
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

  return router
}
