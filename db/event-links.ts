import type { EventDto } from './dto'
import {
  type EventFilters,
  type EventListQuery,
  type EventScope,
  eventFilterParameters,
  eventListParameters,
  firstPageOf,
  withQuery,
} from './event-filters'

/**
 * The links of the events pages, all written canonically (db/event-filters.ts): the list, the month
 * calendar and the feeds with their filters, and an event's "add to calendar" and map links.
 */

/** The events list of `query` (/events?...). */
export function eventListUrl(query: EventListQuery): string {
  return withQuery('/events', eventListParameters(query))
}

/** The first page of the list with these filters. */
export function filteredListUrl(filters: EventFilters, when: EventScope = 'upcoming'): string {
  return eventListUrl(firstPageOf(filters, when))
}

/** The month calendar (/events/calendar/YYYY-MM?...) with these filters. */
export function calendarUrl(month: string, filters: EventFilters): string {
  return withQuery(`/events/calendar/${month}`, eventFilterParameters(filters))
}

/** The calendar feed of these filters: its path with query, and the two absolute URLs to subscribe to. */
export function feedUrls(
  publicUrl: string,
  filters: EventFilters,
  when: EventScope = 'upcoming',
): { path: string; https: string; webcal: string } {
  const parameters = eventFilterParameters(filters)
  if (when === 'past') parameters.append('when', 'past')
  parameters.sort()
  const path = withQuery('/events.ics', parameters)
  const https = `${publicUrl}${path}`
  return { path, https, webcal: https.replace(/^https?:\/\//, 'webcal://') }
}

/** The month (YYYY-MM) of a day (YYYY-MM-DD). */
export const monthOf = (day: string) => day.slice(0, 7)

type CalendarEntry = Pick<
  EventDto,
  '_id' | 'title' | 'description' | 'location' | 'eventDate' | 'startTime' | 'endTime'
>

/** The day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/** The event's end day: the next day when it ends before it starts (past midnight), as the .ics says. */
const endDateOf = (event: CalendarEntry) =>
  event.endTime < event.startTime ? nextDay(event.eventDate) : event.eventDate

/** A description for a calendar app: the first 500 characters and the event's page. */
function calendarDetails(event: CalendarEntry, publicUrl: string): string {
  const text = event.description.length > 500 ? `${event.description.slice(0, 499)}…` : event.description
  return `${text}\n\n${publicUrl}/events/${event._id}`
}

/**
 * Google Calendar's "add event" link. Times are floating, as entered (docs/decisions/021-dates-as-entered.md):
 * without a zone, Google reads them in the calendar's own zone, as it reads the .ics file.
 */
export function googleCalendarUrl(event: CalendarEntry, publicUrl: string): string {
  const stamp = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`
  const parameters = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${stamp(event.eventDate, event.startTime)}/${stamp(endDateOf(event), event.endTime)}`,
    details: calendarDetails(event, publicUrl),
    location: event.location,
  })
  return `https://calendar.google.com/calendar/render?${parameters.toString()}`
}

/**
 * Outlook's "add event" link: outlook.live.com for personal accounts, outlook.office.com for work and
 * school accounts (universities' Microsoft 365). Local times without a zone, as entered.
 */
export function outlookCalendarUrl(
  event: CalendarEntry,
  publicUrl: string,
  host: 'outlook.live.com' | 'outlook.office.com' = 'outlook.live.com',
): string {
  const parameters = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: `${event.eventDate}T${event.startTime}:00`,
    enddt: `${endDateOf(event)}T${event.endTime}:00`,
    body: calendarDetails(event, publicUrl),
    location: event.location,
  })
  return `https://${host}/calendar/0/deeplink/compose?${parameters.toString()}`
}

/** An OpenStreetMap search for a place: a plain link, no map script on the page. */
export function openStreetMapUrl(location: string): string {
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query: location }).toString()}`
}

/** The cover made for an event without a banner (server/event-cover.server.ts). */
export const eventCoverUrl = (eventId: string) => `/events/${eventId}/cover.svg`

/** The picture of an event: its banner, or the cover made from its title. */
export const eventPictureOf = (event: { id: string; banner: string }) =>
  event.banner || eventCoverUrl(event.id)
