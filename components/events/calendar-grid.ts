/**
 * The month calendar's arithmetic (pages/(public)/(static)/events/calendar): days as YYYY-MM-DD strings,
 * weeks from Sunday to Saturday (as calendars in Bangladesh are printed), computed in UTC so the server's
 * time zone cannot shift a day.
 */

/** The days of the week, from Sunday: short and full names. */
export const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

const utc = (day: string) => new Date(`${day}T00:00:00Z`)

/** The month's weeks, Sunday first: each seven days (YYYY-MM-DD), null before the 1st and after the last. */
export function weeksOf(month: string): (string | null)[][] {
  const first = utc(`${month}-01`)
  const [year, monthIndex] = [first.getUTCFullYear(), first.getUTCMonth()]
  const length = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()
  const cells: (string | null)[] = Array.from({ length: first.getUTCDay() }, () => null)
  for (let day = 1; day <= length; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`)
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}
