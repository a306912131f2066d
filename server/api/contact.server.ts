import express, { type Router } from 'express'
import { toContactMessageDto } from '../../db/dto'
import {
  createContactMessage,
  findContactMessage,
  listContactMessagesPage,
  setContactMessageRead,
} from '../../db/queries/contact.server'
import {
  contactInputSchema,
  contactReadSchema,
  contactSortFields,
  listQuerySchema,
} from '../../db/validation'
import { adminOnly } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { found, readId, readJson, readQuery } from './input.server'

const contactListQuery = listQuerySchema(contactSortFields)

export function createContactRouter({ db }: AppContext): Router {
  const router = express.Router()

  // Anyone may write; the contact form's honeypot and rate limit (another issue) go in front of this.
  router.post('/', (req, res) => {
    const contact = createContactMessage(db, readJson(req, contactInputSchema))
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
