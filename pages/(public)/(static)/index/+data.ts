import type { PageContextServer } from 'vike/types'
import { listEvents } from '../../../../db/queries/events.server'

export type Data = Awaited<ReturnType<typeof data>>

export function data(pageContext: PageContextServer) {
  const latestEvents = listEvents(pageContext.db, { limit: 3 }).map((event) => ({
    _id: event.id,
    title: event.title,
    eventDate: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime,
    host: event.host,
  }))
  return { latestEvents }
}
