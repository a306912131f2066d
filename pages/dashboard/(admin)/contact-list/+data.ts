import type { PageContextServer } from 'vike/types'
import { countUnreadContactMessages } from '../../../../db/queries/contact.server'
import { requirePagePermission } from '../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The unread count for the tab title of the first HTML; the page keeps it current after that. */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'administer')
  return { unread: countUnreadContactMessages(pageContext.db) }
}
