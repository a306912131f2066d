/**
 * The site's clock: the one place that knows what "now", "today" and "the next day" are, in the
 * installation's TIME_ZONE (docs/decisions/095-one-clock-for-the-site.md). Nothing else in server/, db/,
 * pages/ or components/ reads the process's own time zone (`getHours`, `setHours`, `new Date(y, m, d)`,
 * `toLocaleDateString` without a zone): a server whose clock says UTC and one in Dhaka render the same
 * pages at the same instant, and tests/unit/process-time-zone.test.ts fails on the next one that does.
 *
 * Event dates and times are kept as entered (docs/decisions/021-dates-as-entered.md): `2026-12-01` and
 * `10:00`, no zone. Where a moment is needed (a reminder 24 hours before, a registration that opens at
 * 10:00), they are read in TIME_ZONE. No library: Intl knows every IANA zone. Browser-safe: the console
 * reads the same zone, handed to it by the server.
 */

/** What the site asks of time. `now` is the only source of the current instant; tests hand in their own. */
export type SiteClock = {
  /** The IANA zone the site's days, event dates and times are read in (TIME_ZONE). */
  readonly timeZone: string
  /** Milliseconds since the epoch. */
  now(): number
  /** The site's date (YYYY-MM-DD) at `instant`, by default now. */
  today(instant?: number): string
  /** The site's date `days` after today (negative: before). */
  daysFromToday(days: number): string
  /** The first moment of the site's next day after `instant` (by default now). */
  startOfNextDay(instant?: number): number
  /** A local date (YYYY-MM-DD) and time (HH:MM) of the site as an instant. */
  instantOf(date: string, time?: string): number
  /** The site's local date and time (YYYY-MM-DDTHH:MM) at `instant`, by default now. */
  dateTimeOf(instant?: number): string
}

/** The site's clock in `timeZone`, reading the current instant from `now` (the system clock by default). */
export function createSiteClock(timeZone: string, now: () => number = Date.now): SiteClock {
  return {
    timeZone,
    now,
    today: (instant = now()) => localDateOf(instant, timeZone),
    daysFromToday: (days) => addDays(localDateOf(now(), timeZone), days),
    startOfNextDay: (instant = now()) =>
      localToInstant(addDays(localDateOf(instant, timeZone), 1), '00:00', timeZone),
    instantOf: (date, time = '00:00') => localToInstant(date, time, timeZone),
    dateTimeOf: (instant = now()) => localDateTimeOf(instant, timeZone),
  }
}

/**
 * The moments a filter "from day A to day B, both included" covers in the site's calendar: from the start of
 * A to the start of the day after B.
 */
export function localDaySpan(
  days: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): { from?: Date; to?: Date } {
  return {
    from: days.from ? new Date(localToInstant(days.from, '00:00', timeZone)) : undefined,
    to: days.to ? new Date(localToInstant(addDays(days.to, 1), '00:00', timeZone)) : undefined,
  }
}

/** The calendar date `days` after `date` (YYYY-MM-DD): calendar arithmetic, no zone involved. */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Answers kept by each remembered function; all are dropped when full. */
const ANSWERS_KEPT = 4096

/**
 * A pure function whose answers are kept, by the key of its arguments: the same few event times are asked
 * for on every page, registration and mail, and each answer costs rounds of Intl formatting. A time zone's
 * rules do not change while the process runs.
 */
function remembered<Args extends unknown[], Value>(
  keyOf: (...args: Args) => string,
  compute: (...args: Args) => Value,
): (...args: Args) => Value {
  const answers = new Map<string, Value>()
  return (...args) => {
    const key = keyOf(...args)
    let answer = answers.get(key)
    if (answer === undefined) {
      if (answers.size >= ANSWERS_KEPT) answers.clear()
      answer = compute(...args)
      answers.set(key, answer)
    }
    return answer
  }
}

/** The wall clock of `timeZone` at `instant`, as milliseconds of a UTC date with the same fields. */
function wallClockOf(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
}

/**
 * The moment (milliseconds since the epoch) of a local date (YYYY-MM-DD) and time (HH:MM) in `timeZone`.
 * A time that a clock change skips is read with the offset before the change.
 */
export const localToInstant = remembered(
  (date: string, time: string, timeZone: string) => `${date} ${time} ${timeZone}`,
  computeInstant,
)

function computeInstant(date: string, time: string, timeZone: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const first = wall - (wallClockOf(wall, timeZone) - wall)
  return wall - (wallClockOf(first, timeZone) - first)
}

/** A local date-time as a form gives it (YYYY-MM-DDTHH:MM) in `timeZone`, as a moment. */
export const localDateTimeToInstant = (dateTime: string, timeZone: string) =>
  localToInstant(dateTime.slice(0, 10), dateTime.slice(11, 16), timeZone)

/** The local date (YYYY-MM-DD) in `timeZone` at `instant`. */
export function localDateOf(instant: number, timeZone: string): string {
  return new Date(wallClockOf(instant, timeZone)).toISOString().slice(0, 10)
}

/** The local date and time (YYYY-MM-DDTHH:MM) in `timeZone` at `instant`. */
export function localDateTimeOf(instant: number, timeZone: string): string {
  return new Date(wallClockOf(instant, timeZone)).toISOString().slice(0, 16)
}

/** When an event (its date, start and end as entered) begins and ends; an end before the start is the next day. */
export function eventTimes(
  event: { eventDate: string; startTime: string; endTime: string },
  timeZone: string,
): { start: number; end: number } {
  const start = localToInstant(event.eventDate, event.startTime, timeZone)
  let end = localToInstant(event.eventDate, event.endTime, timeZone)
  if (end <= start) end += 24 * 60 * 60 * 1000
  return { start, end }
}
