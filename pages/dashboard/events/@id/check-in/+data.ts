import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findEventById } from '#db/queries/events.server'
import { idParamSchema } from '#db/validation'
import { requirePagePermission } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The event whose door this is: an unknown id is the 404 page, an event the principal may not check
 * people in at the 403 page. The roster itself comes from the API, so the phone can keep it.
 */
export function data(pageContext: PageContextServer) {
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const event = id.success ? findEventById(pageContext.db, id.data) : undefined
  if (!event) throw render(404)
  requirePagePermission(pageContext, 'update:event', event)
  return { event: { _id: event.id, title: event.title, eventDate: event.eventDate } }
}
