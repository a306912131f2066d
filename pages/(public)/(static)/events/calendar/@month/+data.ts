import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { readEventFilters } from '#db/event-filters'
import { listChapterChoices, listMonthEvents } from '#db/queries/event-finder.server'

export type Data = ReturnType<typeof data>

/** Events a day shows at most; the rest are behind "N more" (that day's list). */
const EVENTS_PER_DAY = 3

/** A month the calendar shows: YYYY-MM, from 1900 to 2999. */
const MONTH = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/

/** The month before or after `month` (YYYY-MM), or null outside the calendar's years. */
function shiftMonth(month: string, by: number): string | null {
  const [year = 0, number = 1] = month.split('-').map(Number)
  const date = new Date(Date.UTC(year, number - 1 + by, 1))
  const shifted = date.toISOString().slice(0, 7)
  return MONTH.test(shifted) ? shifted : null
}

/**
 * /events/calendar/YYYY-MM (docs/product.md#finding-events): the month's events by day, the list's filters
 * applied (not upcoming/past: a month shows both). An impossible month is the 404 page.
 */
export function data(pageContext: PageContextServer) {
  const month = pageContext.routeParams.month ?? ''
  if (!MONTH.test(month)) throw render(404)
  const today = pageContext.clock.today()
  const filters = readEventFilters(pageContext.urlParsed.search)
  const days = listMonthEvents(pageContext.db, month, filters, { today, perDay: EVENTS_PER_DAY })
  return {
    month,
    today,
    filters,
    chapters: listChapterChoices(pageContext.db),
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    days: Object.fromEntries(days),
  }
}
