import type { PageContextServer } from 'vike/types'
import { site } from '#content/site'
import { countUnreadContactMessages } from '#db/queries/contact.server'
import { requirePagePermission } from '../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The unread count for the tab title of the first HTML (the page keeps it current after that); whether
 * replies can be mailed, and where their answers go (the chapter's address).
 */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'administer')
  return {
    unread: countUnreadContactMessages(pageContext.db),
    mailConfigured: pageContext.mailConfigured,
    replyTo: site.contact.email,
  }
}
