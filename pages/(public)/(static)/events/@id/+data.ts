import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { renderDescription } from '#components/shared/markdown'
import { toEventDto } from '#db/dto'
import { findEventById } from '#db/queries/events.server'

export type Data = ReturnType<typeof data>

/** The event of the id, its description as safe HTML (from Markdown); an unknown id is the 404 page. */
export function data(pageContext: PageContextServer) {
  const event = findEventById(pageContext.db, pageContext.routeParams.id ?? '')
  if (!event) throw render(404)
  return {
    event: toEventDto(event),
    descriptionHtml: renderDescription(event.description),
    banner: pageContext.image(event.banner),
  }
}
