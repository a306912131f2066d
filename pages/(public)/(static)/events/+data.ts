import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import {
  decodeCursor,
  type EventPage,
  encodeCursor,
  listPastEvents,
  listUpcomingEvents,
  localToday,
} from '#db/queries/public-events.server'

export type Data = ReturnType<typeof data>

/** Cards per page: three rows of the large grid. */
const PAST_PAGE_SIZE = 12
const UPCOMING_PAGE_SIZE = 8

const shape = (page: EventPage, image: PageContextServer['image']) => ({
  events: page.events.map((event) => ({ ...toEventDto(event), bannerSrcSet: image(event.banner).srcSet })),
  next: page.next ? encodeCursor(page.next) : null,
})

/**
 * /events: upcoming (soonest first) and past (newest first) events. `?after=` continues the upcoming
 * list and `?before=` the past one, by keyset, so no page reads more than a page of rows.
 */
export function data(pageContext: PageContextServer) {
  const { db, image } = pageContext
  const today = localToday()
  const search = pageContext.urlParsed.search
  const after = decodeCursor(search.after)
  const before = decodeCursor(search.before)
  if (after) {
    return {
      view: 'upcoming' as const,
      upcoming: shape(listUpcomingEvents(db, { today, limit: UPCOMING_PAGE_SIZE, after }), image),
      past: null,
    }
  }
  if (before) {
    return {
      view: 'past' as const,
      upcoming: null,
      past: shape(listPastEvents(db, { today, limit: PAST_PAGE_SIZE, before }), image),
    }
  }
  return {
    view: 'all' as const,
    upcoming: shape(listUpcomingEvents(db, { today, limit: UPCOMING_PAGE_SIZE }), image),
    past: shape(listPastEvents(db, { today, limit: PAST_PAGE_SIZE }), image),
  }
}
