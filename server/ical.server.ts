/** iCalendar (RFC 5545) pieces for the event feeds: escaping, line folding and VEVENTs. */

const CRLF = '\r\n'

/** TEXT values: backslash, semicolon, comma and line breaks are escaped. */
export function escapeIcalText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let currentBytes = 0
  for (const char of line) {
    const bytes = Buffer.byteLength(char)
    const limit = parts.length === 0 ? 75 : 74
    if (currentBytes + bytes > limit) {
      parts.push(current)
      current = ''
      currentBytes = 0
    }
    current += char
    currentBytes += bytes
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

/** A moment in UTC: 20240127T100000Z. */
export function utcDateTime(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

export type CalendarEvent = {
  uid: string
  title: string
  description: string
  location: string
  /** The start and end as moments (an event's times read in TIME_ZONE): written in UTC, never floating. */
  start: Date
  end: Date
  url: string
  updatedAt: Date
}

/** A calendar's first lines, `product` naming what made it (PRODID). */
const calendarHead = (product: string) => [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:-//Chapter site//${product}//EN`,
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
]

/** An event's words and link, the same in every calendar. */
const eventTextLines = (event: Pick<CalendarEvent, 'title' | 'description' | 'location' | 'url'>) => [
  `SUMMARY:${escapeIcalText(event.title)}`,
  `DESCRIPTION:${escapeIcalText(event.description)}`,
  `LOCATION:${escapeIcalText(event.location)}`,
  `URL:${event.url}`,
]

/** A calendar's lines folded and joined with CRLF. */
const calendarText = (lines: string[]) => `${lines.map(foldLine).join(CRLF)}${CRLF}`

/** A whole calendar with one VEVENT per event, lines folded and joined with CRLF. */
export function buildCalendar(name: string, events: CalendarEvent[]): string {
  const lines = [...calendarHead('Events'), `X-WR-CALNAME:${escapeIcalText(name)}`]
  for (const event of events) {
    // An end equal to the start is no DTEND at all (RFC 5545 wants DTEND later than DTSTART; without it
    // the event is a moment).
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcDateTime(event.updatedAt)}`,
      `DTSTART:${utcDateTime(event.start)}`,
      ...(event.end.getTime() > event.start.getTime() ? [`DTEND:${utcDateTime(event.end)}`] : []),
      ...eventTextLines(event),
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return calendarText(lines)
}

/** One attendee's copy of an event: its own UID and a SEQUENCE that grows with each change mailed. */
export type AttendeeCalendarEvent = Omit<CalendarEvent, 'updatedAt'> & {
  sequence: number
  /** CONFIRMED with a seat, TENTATIVE while waiting or pending, CANCELLED when off. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  stamp: Date
}

/**
 * A calendar file with one attendee's event, its times in UTC (the event's local times read in
 * TIME_ZONE), so every calendar shows it at the right moment without a VTIMEZONE. A new SEQUENCE with the
 * same UID replaces the earlier copy in the attendee's calendar.
 */
export function buildAttendeeCalendar(event: AttendeeCalendarEvent): string {
  return calendarText([
    ...calendarHead('Registrations'),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    ...eventTextLines(event),
    `STATUS:${event.status}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ])
}
