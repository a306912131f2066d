import type { PageContextServer } from 'vike/types'
import { toEventDto } from '#db/dto'
import { listPastEvents, listUpcomingEvents, localToday } from '#db/queries/public-events.server'

export type Data = ReturnType<typeof data>

/** How many event cards the home page shows: one row of the large grid. */
const LATEST_EVENTS = 4

/** The next events, topped up with the most recent past ones when fewer are coming. */
export function data(pageContext: PageContextServer) {
  const today = localToday()
  const upcoming = listUpcomingEvents(pageContext.db, { today, limit: LATEST_EVENTS }).events
  const past =
    upcoming.length < LATEST_EVENTS
      ? listPastEvents(pageContext.db, { today, limit: LATEST_EVENTS - upcoming.length }).events
      : []
  return {
    latestEvents: [...upcoming, ...past].map((event) => ({
      ...toEventDto(event),
      bannerSrcSet: pageContext.image(event.banner).srcSet,
    })),
  }
}
