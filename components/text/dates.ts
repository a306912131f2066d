/** "2023-11-05" as "5 November 2023", without time zones (the date is a calendar date, docs/decisions/021-dates-as-entered.md). */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  )
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
