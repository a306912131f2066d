import type { PageContextServer } from 'vike/types'
import { countUnreadContactMessages } from '../../../../db/queries/contact.server'
import { guardConsole } from '../../guard'

export type Data = Awaited<ReturnType<typeof data>>

/** The unread count for the tab title of the first HTML; the page keeps it current after that. */
export function data(pageContext: PageContextServer) {
  guardConsole(pageContext, 'admin')
  return { unread: countUnreadContactMessages(pageContext.db) }
}
