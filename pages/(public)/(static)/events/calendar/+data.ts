import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { readEventFilters } from '#db/event-filters'
import { calendarUrl, monthOf } from '#db/event-links'

/** /events/calendar: this month's calendar, with the filters asked for. */
export function data(pageContext: PageContextServer): never {
  throw redirect(
    calendarUrl(monthOf(pageContext.clock.today()), readEventFilters(pageContext.urlParsed.search)),
  )
}
