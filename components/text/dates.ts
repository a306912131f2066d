/**
 * How the public site writes dates and times: one format everywhere (docs/decisions/067-one-date-format-on-the-public-site.md).
 * Dates are calendar dates as entered, without time zones (docs/decisions/021-dates-as-entered.md), so
 * they are read and written by hand, the same on the server and in any browser.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** "2026-12-07" as "Mon, 7 Dec 2026"; a text that is no such date is returned as it is. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return isoDate
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const monthName = MONTHS[month - 1]
  if (!weekday || !monthName) return isoDate
  return `${weekday}, ${day} ${monthName} ${year}`
}

/** "10:00-16:00". */
export const formatTimeRange = (startTime: string, endTime: string) => `${startTime}-${endTime}`

/** When an event is: "Sat, 7 Dec 2026 · 10:00-16:00" (cards, the event page, the landing's carousel, feeds). */
export function formatEventWhen(event: { eventDate: string; startTime: string; endTime: string }): string {
  return `${formatDate(event.eventDate)} · ${formatTimeRange(event.startTime, event.endTime)}`
}
