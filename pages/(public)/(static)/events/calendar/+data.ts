import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { readEventFilters } from '#db/event-filters'
import { calendarUrl, monthOf } from '#db/event-links'
import { localToday } from '#db/queries/public-events.server'

/** /events/calendar: this month's calendar, with the filters asked for. */
export function data(pageContext: PageContextServer): never {
  throw redirect(calendarUrl(monthOf(localToday()), readEventFilters(pageContext.urlParsed.search)))
}
