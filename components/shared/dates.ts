/**
 * How dates are written: the one module that turns dates and moments into text
 * (docs/decisions/103-one-date-module.md), one format per context, the same on the server and in any browser:
 * - the public site: "Tue, 1 Dec 2026", "Tue, 1 Dec 2026, 10:00", "Tue, 1 Dec 2026 · 10:00-12:30"
 *   (docs/decisions/067-one-date-format-on-the-public-site.md);
 * - mails, tickets and certificates, read away from the site: "Tuesday 1 December 2026, 10:00 (Asia/Dhaka
 *   time)", "1 December 2026";
 * - the console: "25 Nov 2026, 11:45" in the site's zone; CSV, the inbox's columns and the door:
 *   "2026-11-25 11:45";
 * - the month calendar: "November 2026", "Wednesday 25 November".
 * Event dates are calendar dates as entered, without time zones (docs/decisions/021-dates-as-entered.md),
 * so they are read and written by hand; moments (instants) are written in the site's TIME_ZONE, which the
 * caller passes (db/clock.ts is the clock: what now and today are).
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** The parts of a calendar date (YYYY-MM-DD), or null for any other text. */
function partsOf(isoDate: string): { year: number; month: string; weekday: string; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const monthName = MONTHS[month - 1]
  if (!weekday || !monthName) return null
  return { year, month: monthName, weekday, day }
}

/** The public site: "2026-12-07" as "Mon, 7 Dec 2026"; a text that is no such date is returned as it is. */
export function formatDate(isoDate: string): string {
  const parts = partsOf(isoDate)
  if (!parts) return isoDate
  return `${parts.weekday.slice(0, 3)}, ${parts.day} ${parts.month.slice(0, 3)} ${parts.year}`
}

/** The public site: a local date-time (YYYY-MM-DDTHH:MM) as "Tue, 1 Dec 2026, 10:00". */
export const formatLocalDateTime = (dateTime: string) =>
  `${formatDate(dateTime.slice(0, 10))}, ${dateTime.slice(11, 16)}`

/** Mails, tickets and certificates: a calendar date (YYYY-MM-DD) as "1 December 2026"; any other text as it is. */
export function longDate(isoDate: string): string {
  const parts = partsOf(isoDate)
  return parts ? `${parts.day} ${parts.month} ${parts.year}` : isoDate
}

/** Mails and tickets: a local date-time (YYYY-MM-DDTHH:MM) as "Tuesday 1 December 2026, 10:00". */
export function longDateTime(dateTime: string): string {
  const parts = partsOf(dateTime.slice(0, 10))
  if (!parts) return dateTime
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${dateTime.slice(11, 16)}`
}

/** Mails and tickets: a moment in the site's zone, "Tuesday 1 December 2026, 10:00 (Asia/Dhaka time)". */
export const longMoment = (moment: Date | string | number, timeZone: string) =>
  `${longDateTime(formatDateTime(new Date(moment), timeZone, 'numeric').replace(' ', 'T'))} (${timeZone} time)`

/** The calendar date after `isoDate` (YYYY-MM-DD). */
const nextDate = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/**
 * Mails and tickets: an event's times, "Tuesday 1 December 2026, 10:00 to 12:30 (Asia/Dhaka time)"; an
 * end at or before the start is on the next day (db/clock.ts eventTimes), and says so.
 */
export function eventWhenText(
  event: { eventDate: string; startTime: string; endTime: string },
  timeZone: string,
): string {
  const ends =
    event.endTime > event.startTime
      ? event.endTime
      : longDateTime(`${nextDate(event.eventDate)}T${event.endTime}`)
  return `${longDateTime(`${event.eventDate}T${event.startTime}`)} to ${ends} (${timeZone} time)`
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})

/** The month calendar: "November 2026" for 2026-11. */
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))

/** The month calendar: "Wednesday 25 November" for 2026-11-25. */
export const dayName = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

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
