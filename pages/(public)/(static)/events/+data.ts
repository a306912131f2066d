import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import { hasEventFilters, readEventListQuery } from '#db/event-filters'
import { eventPictureOf } from '#db/event-links'
import { findEvents, listChapterChoices } from '#db/queries/event-finder.server'
import {
  type EventPage,
  encodeCursor,
  listPastEvents,
  listUpcomingEvents,
} from '#db/queries/public-events.server'
import type { Event } from '#db/schema'

export type Data = ReturnType<typeof data>

/** Cards per page: three rows of the large grid. */
const PAST_PAGE_SIZE = 12
const UPCOMING_PAGE_SIZE = 8
/** Cards per page of a filtered list or search. */
const RESULTS_PAGE_SIZE = 12

const cards = (events: Event[], image: PageContextServer['image']) =>
  events.map((event) => ({
    ...toEventDto(event),
    banner: eventPictureOf(event),
    bannerSrcSet: image(eventPictureOf(event)).srcSet,
  }))

const shape = (page: EventPage, image: PageContextServer['image']) => ({
  events: cards(page.events, image),
  next: page.next ? encodeCursor(page.next) : null,
})

/**
 * /events (docs/product.md#finding-events). Without parameters: the symposium calls, the first upcoming
 * events (soonest first) and the latest past ones (newest first). With filters, `when=past` or a page
 * parameter: one list, the filters and search of db/event-filters.ts read from the URL (its canonical
 * form: the front cache renders that one), paged by keyset (`after`, `before`) or, by relevance, by number.
 */
export function data(pageContext: PageContextServer) {
  const { db, image } = pageContext
  const today = pageContext.clock.today()
  const query = readEventListQuery(pageContext.urlParsed.search)
  const chapters = listChapterChoices(db)
  const isOverview =
    !hasEventFilters(query) && query.when === 'upcoming' && !query.after && query.sort === 'date'
  if (isOverview) {
    return {
      view: 'overview' as const,
      today,
      query,
      chapters,
      upcoming: shape(listUpcomingEvents(db, { today, limit: UPCOMING_PAGE_SIZE }), image),
      past: shape(listPastEvents(db, { today, limit: PAST_PAGE_SIZE }), image),
    }
  }
  const found = findEvents(db, query, { today, limit: RESULTS_PAGE_SIZE })
  return {
    view: 'results' as const,
    today,
    query,
    chapters,
    results: {
      events: cards(found.events, image),
      next: found.next ? encodeCursor(found.next) : null,
      more: found.more,
    },
  }
}
