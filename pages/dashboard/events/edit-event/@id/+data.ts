import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import { findEventById } from '#db/queries/events.server'
import { idParamSchema } from '#db/validation'
import { requirePagePermission, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The event to edit, read on the server: an unknown id is the 404 page, another chapter's event the 403 page. */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const event = id.success ? findEventById(pageContext.db, id.data) : undefined
  if (!event) throw render(404)
  requirePagePermission(pageContext, 'update:event', event)
  return { event: toEventDto(event) }
}
