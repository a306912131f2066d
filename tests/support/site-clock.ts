import { createSiteClock } from '#db/clock'

/**
 * The clock of the sites the tests start: TIME_ZONE's default (Asia/Dhaka), on whatever clock the suite runs
 * under (the real one, or faketime's). Fixtures date things from it, "in 30 days" or "60 days ago", never
 * by a calendar date that will pass.
 */
export const siteClock = createSiteClock('Asia/Dhaka')

/** The site's date `days` after today (negative: before), YYYY-MM-DD. */
export const daysFromToday = (days: number) => siteClock.daysFromToday(days)

/**
 * An event's date and times that start an hour from now on the site's clock, for the door: door links open
 * 24 hours before the start (docs/decisions/089-door-link-window.md).
 */
export function startingSoon(): { eventDate: string; startTime: string; endTime: string } {
  const start = siteClock.dateTimeOf(siteClock.now() + 60 * 60 * 1000)
  const later = siteClock.dateTimeOf(siteClock.now() + 2 * 60 * 60 * 1000)
  const startTime = start.slice(11, 16)
  // Not past midnight: the event form takes an end on its day.
  const endTime = later.slice(0, 10) === start.slice(0, 10) ? later.slice(11, 16) : '23:59'
  return { eventDate: start.slice(0, 10), startTime, endTime: endTime < startTime ? startTime : endTime }
}
