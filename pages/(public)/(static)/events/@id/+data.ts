import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import { findEventById } from '#db/queries/events.server'

export type Data = ReturnType<typeof data>

/** The event of the id; an unknown id is the 404 page. */
export function data(pageContext: PageContextServer) {
  const event = findEventById(pageContext.db, pageContext.routeParams.id ?? '')
  if (!event) throw render(404)
  return { event: toEventDto(event), banner: pageContext.image(event.banner) }
}
