import express, { type Router } from 'express'
import type { SearchResultDto } from '../../db/dto'
import { listChapterAccountsPage } from '../../db/queries/accounts.server'
import { listContactMessagesPage } from '../../db/queries/contact.server'
import { listEventsPage } from '../../db/queries/events.server'
import { listExcomPage } from '../../db/queries/excom.server'
import { searchQuerySchema } from '../../db/validation'
import { callerOf, isAdmin, myEventsOwner, signedIn } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { readQuery } from './input.server'

/** Hits per kind: the palette shows a short list, the lists themselves have the rest. */
const PER_KIND = 5

/**
 * GET /api/search?q=: the command palette's search, through the lists' own searches and scoped as they
 * are: an administrator finds every event, the chapters and the messages; a chapter finds only its own
 * events and committee members.
 */
export function createSearchRouter(ctx: AppContext): Router {
  const { db } = ctx
  const router = express.Router()

  router.get('/', signedIn, (req, res) => {
    const { q } = readQuery(req, searchQuerySchema)
    const caller = callerOf(res)
    const options = { q, page: 1, pageSize: PER_KIND }
    const results: SearchResultDto[] = listEventsPage(db, {
      ...options,
      ownerId: myEventsOwner(caller),
    }).rows.map((event) => ({
      kind: 'event',
      id: event.id,
      title: event.title,
      detail: `${event.eventDate} · ${event.location}`,
      href: `/dashboard/events/edit-event/${event.id}`,
    }))
    if (isAdmin(caller)) {
      for (const { account } of listChapterAccountsPage(db, options).rows) {
        results.push({
          kind: 'chapter',
          id: account.id,
          title: account.name,
          detail: account.email,
          href: `/dashboard/chapter/${account.slug}`,
        })
      }
      for (const message of listContactMessagesPage(db, options).rows) {
        results.push({
          kind: 'message',
          id: message.id,
          title: `Message from ${message.name}`,
          detail: message.email,
          href: `/dashboard/contact-list?q=${encodeURIComponent(message.email)}`,
        })
      }
    } else {
      for (const member of listExcomPage(db, caller.account.id, options).rows) {
        results.push({
          kind: 'member',
          id: member.id,
          title: member.name,
          detail: `${member.designation} · ${member.email}`,
          href: `/dashboard/excom/edit-excom/${member.id}`,
        })
      }
    }
    res.json({ success: true, results })
  })

  return router
}
