import { createSiteClock } from '#db/clock'

/**
 * The clock of the sites the tests start: TIME_ZONE's default (Asia/Dhaka), on whatever clock the suite runs
 * under (the real one, or faketime's). Fixtures date things from it, "in 30 days" or "60 days ago", never
 * by a calendar date that will pass.
 */
export const siteClock = createSiteClock('Asia/Dhaka')

/** The site's date `days` after today (negative: before), YYYY-MM-DD. */
export const daysFromToday = (days: number) => siteClock.daysFromToday(days)
