import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import { eventPictureOf } from '#db/event-links'
import { countEventsByType, listPastEvents, listUpcomingEvents } from '#db/queries/public-events.server'
import { type EventType, eventTypePlural } from '#db/schema-enums'

export type Data = ReturnType<typeof data>

/** How many event cards the home page shows: one row of the large grid. */
const LATEST_EVENTS = 4

/** The types the home page counts (docs/product.md#constants). */
const COUNTED_TYPES: readonly EventType[] = ['Seminar', 'Webinar', 'Workshop']

/**
 * The next events, topped up with the most recent past ones when fewer are coming, and how many seminars,
 * webinars and workshops there are (a type without any is left out, docs/decisions/069-true-counts.md).
 */
export function data(pageContext: PageContextServer) {
  const today = pageContext.clock.today()
  const upcoming = listUpcomingEvents(pageContext.db, { today, limit: LATEST_EVENTS }).events
  const past =
    upcoming.length < LATEST_EVENTS
      ? listPastEvents(pageContext.db, { today, limit: LATEST_EVENTS - upcoming.length }).events
      : []
  const byType = countEventsByType(pageContext.db)
  return {
    counters: COUNTED_TYPES.map((type) => {
      const value = byType[type] ?? 0
      return { value, label: value === 1 ? type : eventTypePlural(type) }
    }).filter((counter) => counter.value > 0),
    latestEvents: [...upcoming, ...past].map((event) => ({
      ...toEventDto(event),
      banner: eventPictureOf(event),
      bannerSrcSet: pageContext.image(eventPictureOf(event)).srcSet,
    })),
  }
}
