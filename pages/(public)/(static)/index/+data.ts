import type { PageContextServer } from 'vike/types'
import type { EventCardData } from '../../../../components/events/EventCard'
import { listPastEvents, listUpcomingEvents, localToday } from '../../../../db/queries/public-events.server'
import type { Event } from '../../../../db/schema'

export type Data = ReturnType<typeof data>

/** How many event cards the home page shows: one row of the large grid. */
const LATEST_EVENTS = 4

const toCard = (event: Event): EventCardData => ({
  _id: event.id,
  title: event.title,
  banner: event.banner,
  host: event.host,
  eventDate: event.eventDate,
  startTime: event.startTime,
  endTime: event.endTime,
  description: event.description,
})

/** The next events, topped up with the most recent past ones when fewer are coming. */
export function data(pageContext: PageContextServer) {
  const today = localToday()
  const upcoming = listUpcomingEvents(pageContext.db, { today, limit: LATEST_EVENTS }).events
  const past =
    upcoming.length < LATEST_EVENTS
      ? listPastEvents(pageContext.db, { today, limit: LATEST_EVENTS - upcoming.length }).events
      : []
  return { latestEvents: [...upcoming, ...past].map(toCard) }
}
