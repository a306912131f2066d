/**
 * How dates are written. The public site: one format everywhere (docs/decisions/067-one-date-format-on-the-public-site.md); event
 * dates are calendar dates as entered, without time zones (docs/decisions/021-dates-as-entered.md), so they are read and written
 * by hand, the same on the server and in any browser. The console: moments in the reader's time zone.
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

let mediumDateTime: Intl.DateTimeFormat | undefined
const pad = (value: number) => String(value).padStart(2, '0')

/**
 * A moment (an ISO timestamp from the API) as the console shows it, in the reader's own time zone:
 * "25 Nov 2026, 11:45". `numeric`, "2026-11-25 11:45", is the inbox's: its column, CSV export and reply
 * quote, where the text sorts and reads the same in any language.
 */
export function formatDateTime(iso: Date | string, style: 'medium' | 'numeric' = 'medium'): string {
  const moment = new Date(iso)
  if (style === 'numeric')
    return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`
  mediumDateTime ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
  return mediumDateTime.format(moment)
}
