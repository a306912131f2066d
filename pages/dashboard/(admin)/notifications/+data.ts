import type { PageContextServer } from 'vike/types'
import { notificationSettingsView } from '#db/queries/notifications.server'
import { requirePagePermission } from '../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The saved settings and the outbox, in the first HTML: the form never starts blank and fills in later. */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'administer')
  return notificationSettingsView(pageContext.db, pageContext.mailConfigured)
}
