import type { PageContextServer } from 'vike/types'
import { findEventById } from '#db/queries/events.server'
import { requirePagePermission, requireRouteRecord, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The event whose issued certificates these are: its chapter's officers and the administrators only. */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const event = requireRouteRecord(pageContext, findEventById)
  requirePagePermission(pageContext, 'issue:certificates', event)
  return {
    event: { _id: event.id, title: event.title, eventDate: event.eventDate },
    mailConfigured: pageContext.mailConfigured,
  }
}
