import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findEventById } from '#db/queries/events.server'
import { idParamSchema } from '#db/validation'
import { requirePagePermission, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The event whose issued certificates these are: its chapter's officers and the administrators only. */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const event = id.success ? findEventById(pageContext.db, id.data) : undefined
  if (!event) throw render(404)
  requirePagePermission(pageContext, 'issue:certificates', event)
  return {
    event: { _id: event.id, title: event.title, eventDate: event.eventDate },
    mailConfigured: pageContext.mailConfigured,
  }
}
