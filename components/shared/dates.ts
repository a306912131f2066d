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

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string, style: 'medium' | 'numeric'): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format =
      style === 'medium'
        ? new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' })
        : new Intl.DateTimeFormat('en-GB', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          })
    formats.set(key, format)
  }
  return format
}

/**
 * A moment (an ISO timestamp from the API) as the console shows it, in the site's time zone (TIME_ZONE,
 * which the server hands the console): "25 Nov 2026, 11:45". The server's render and the browser's agree,
 * whatever zone either runs in. `numeric`, "2026-11-25 11:45", is the inbox's and the door's: columns, CSV
 * exports and reply quotes, where the text sorts and reads the same in any language.
 */
export function formatDateTime(
  iso: Date | string,
  timeZone: string,
  style: 'medium' | 'numeric' = 'medium',
): string {
  const moment = new Date(iso)
  if (Number.isNaN(moment.getTime())) return String(iso)
  if (style === 'medium') return formatIn(timeZone, style).format(moment)
  const part: Record<string, string> = {}
  for (const { type, value } of formatIn(timeZone, style).formatToParts(moment)) part[type] = value
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}

/** "10:42": the time of day of a moment in the site's time zone. */
export function formatTimeOfDay(iso: Date | string, timeZone: string): string {
  return formatDateTime(iso, timeZone, 'numeric').slice(11)
}
