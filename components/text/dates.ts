/** "2023-11-05" as "5 November 2023", without time zones (the date is a calendar date, docs/decisions/021-dates-as-entered.md). */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  )
}

/**
 * A moment as the console shows it, "25 Nov 2026, 11:45", in the reader's time zone (the server's, in a
 * mail it writes).
 */
export function formatDateTime(moment: Date | string): string {
  return new Date(moment).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
