import { toCsv } from '#components/shared/csv'
import { markdownToPlainText } from '#components/shared/markdown'
import {
  type AttendanceFigures,
  FIGURE_LABELS,
  figuresInOrder,
  shownFigures,
} from '#components/shared/report-figures'
import type { Database } from '#db/client.server'
import { eventTimes, localDateOf } from '#db/clock'
import {
  chapterNamesById,
  findChapterById,
  findChapterBySlug,
  listChapterNames,
} from '#db/queries/accounts.server'
import {
  attendanceCountsOf,
  eventsBetween,
  membershipQuestionOf,
  type ReportEvent,
} from '#db/queries/reports.server'
import type { ReportPeriod } from '#db/report-periods'
import type { Chapter, Event, RegistrationQuestion, RegistrationSettings } from '#db/schema'

/**
 * Attendance reports (docs/decisions/086-attendance-reports.md), shared by the API
 * (GET /api/events/{id}/report, GET /api/reports/attendance) and the console's printable pages: the
 * figures of each event, totals per chapter, and their CSV.
 */

/** When a report is made: the moment (whether an event has ended) and the zone event times are read in. */
export type ReportClock = { now: number; timeZone: string }

export type ChapterName = Pick<Chapter, 'name' | 'slug'>

export type { AttendanceFigures }

/** Why members and guests cannot be told apart, or null when they can. */
export type MembersUnknown = 'no-question' | 'anonymised' | null

export type EventReport = {
  event: {
    _id: string
    title: string
    eventDate: string
    startTime: string
    endTime: string
    type: Event['type']
    host: string
    location: string
    /** The description as plain text (it is kept in Markdown). */
    description: string
  }
  /** The chapter that hosts it; null: the branch itself. */
  chapter: ChapterName | null
  /** Whether the event has ended (no-shows are counted from then on). */
  ended: boolean
  /** Whether registration is on this site (or was: the event has registrations); else no figures exist. */
  registrationOnSite: boolean
  membershipQuestion: { label: string; foundBy: 'flag' | 'label' } | null
  membersUnknown: MembersUnknown
  figures: AttendanceFigures
}

export type ReportTotals = {
  events: number
  registered: number
  confirmed: number
  checkedIn: number
  /** Of the events that have ended. */
  noShows: number
  /** Of the events whose members and guests could be told apart (`eventsWithMembers` of them). */
  members: number
  guests: number
  eventsWithMembers: number
}

export type ChapterSection = { chapter: ChapterName | null; events: EventReport[]; totals: ReportTotals }

export type AttendanceReport = ReportPeriod & {
  /** The chapter reported on; null: every chapter (and the branch's own events). */
  chapter: ChapterName | null
  sections: ChapterSection[]
  totals: ReportTotals
  /** For every chapter: those without an event in the period. */
  chaptersWithoutEvents: ChapterName[]
}

function eventReportOf(
  db: Database,
  { event, settings }: ReportEvent,
  chapter: ChapterName | null,
  clock: ReportClock,
): EventReport {
  const questions: RegistrationQuestion[] = settings ? JSON.parse(settings.questions) : []
  const question = membershipQuestionOf(questions)
  const counts = attendanceCountsOf(db, event.id, question)
  const ended = eventTimes(event, clock.timeZone).end <= clock.now
  const membersUnknown: MembersUnknown = !question
    ? 'no-question'
    : counts.checkedInAnonymised > 0
      ? 'anonymised'
      : null
  return {
    event: {
      _id: event.id,
      title: event.title,
      eventDate: event.eventDate,
      startTime: event.startTime,
      endTime: event.endTime,
      type: event.type,
      host: event.host,
      location: event.location,
      description: markdownToPlainText(event.description),
    },
    chapter,
    ended,
    registrationOnSite: (settings?.enabled ?? false) || counts.total > 0,
    membershipQuestion: question ? { label: question.label, foundBy: question.foundBy } : null,
    membersUnknown,
    figures: {
      registered: counts.registered,
      confirmed: counts.confirmed,
      checkedIn: counts.checkedIn,
      noShows: ended ? counts.confirmedNotCheckedIn : null,
      members: membersUnknown ? null : counts.checkedInMembers,
      guests: membersUnknown ? null : counts.checkedIn - counts.checkedInMembers,
    },
  }
}

/** One event's report. */
export function eventReport(
  db: Database,
  event: Event,
  settings: RegistrationSettings | undefined,
  clock: ReportClock,
): EventReport {
  const chapter = event.ownerId ? (chapterNamesById(db, [event.ownerId]).get(event.ownerId) ?? null) : null
  return eventReportOf(db, { event, settings: settings ?? null }, chapter, clock)
}

export function totalsOf(reports: readonly EventReport[]): ReportTotals {
  const totals: ReportTotals = {
    events: reports.length,
    registered: 0,
    confirmed: 0,
    checkedIn: 0,
    noShows: 0,
    members: 0,
    guests: 0,
    eventsWithMembers: 0,
  }
  for (const { figures } of reports) {
    totals.registered += figures.registered
    totals.confirmed += figures.confirmed
    totals.checkedIn += figures.checkedIn
    totals.noShows += figures.noShows ?? 0
    if (figures.members !== null && figures.guests !== null) {
      totals.members += figures.members
      totals.guests += figures.guests
      totals.eventsWithMembers += 1
    }
  }
  return totals
}

/**
 * Whose events a report covers: the chapter of `chapterSlug`, or without it an officer's own chapter, or
 * (`all`) every chapter for an administrator. Undefined for a slug no chapter has.
 */
export function reportScopeOf(
  db: Database,
  chapterSlug: string | undefined,
  ownChapterId: string | null,
): Chapter | 'all' | undefined {
  if (chapterSlug !== undefined) return findChapterBySlug(db, chapterSlug)
  return ownChapterId === null ? 'all' : findChapterById(db, ownChapterId)
}

/** The attendance of every event of the period: one section per chapter (and the branch), with totals. */
export function attendanceReport(
  db: Database,
  scope: Chapter | 'all',
  period: ReportPeriod,
  clock: ReportClock,
): AttendanceReport {
  if (scope !== 'all') {
    const chapter = { name: scope.name, slug: scope.slug }
    const events = eventsBetween(db, { ...period, ownerId: scope.id }).map((row) =>
      eventReportOf(db, row, chapter, clock),
    )
    const totals = totalsOf(events)
    return { ...period, chapter, sections: [{ chapter, events, totals }], totals, chaptersWithoutEvents: [] }
  }
  const rows = eventsBetween(db, period)
  const names = chapterNamesById(
    db,
    rows.map((row) => row.event.ownerId),
  )
  const byOwner = new Map<string | null, EventReport[]>()
  for (const row of rows) {
    const owner = row.event.ownerId
    const chapter = owner ? (names.get(owner) ?? null) : null
    const list = byOwner.get(owner) ?? []
    list.push(eventReportOf(db, row, chapter, clock))
    byOwner.set(owner, list)
  }
  const sections: ChapterSection[] = [...byOwner.values()].map((events) => ({
    chapter: events[0]?.chapter ?? null,
    events,
    totals: totalsOf(events),
  }))
  // Chapters by name, the branch's own events last.
  sections.sort((a, b) =>
    a.chapter === null ? 1 : b.chapter === null ? -1 : a.chapter.name.localeCompare(b.chapter.name),
  )
  const reported = new Set(sections.map((section) => section.chapter?.slug))
  return {
    ...period,
    chapter: null,
    sections,
    totals: totalsOf(sections.flatMap((section) => section.events)),
    chaptersWithoutEvents: listChapterNames(db).filter((chapter) => !reported.has(chapter.slug)),
  }
}

/** The local date today, for a report form's presets. */
export const todayOf = (clock: ReportClock) => localDateOf(clock.now, clock.timeZone)

/** What a CSV cell says for a figure that cannot be told: nothing. */
const figure = (value: number | null) => (value === null ? '' : value)

/**
 * One event as the fields of an IEEE vTools meeting report, in its order, then this site's own figures.
 * vTools' meeting category (Technical, Professional, …) is the officer's to choose there: the event's
 * type (Seminar, Workshop, …) is given as the meeting type.
 */
export function eventReportCsv(report: EventReport): string {
  const { event } = report
  const figures = shownFigures(report)
  const header = [
    'Meeting date',
    'Start time',
    'End time',
    'Title',
    'Meeting type',
    'Organizers/Host',
    'Chapter',
    'Location',
    'IEEE member attendance',
    'Guest attendance',
    'Total attendance',
    'Description',
    'Registered',
    'Confirmed',
    'Checked in',
    'No-shows',
  ]
  const row = [
    event.eventDate,
    event.startTime,
    event.endTime,
    event.title,
    event.type ?? '',
    event.host,
    report.chapter?.name ?? 'The branch',
    event.location,
    figure(figures.members),
    figure(figures.guests),
    figure(figures.checkedIn),
    event.description,
    figure(figures.registered),
    figure(figures.confirmed),
    figure(figures.checkedIn),
    figure(figures.noShows),
  ]
  return `\uFEFF${toCsv(header, [row])}`
}

/** The period's events, a row each with its chapter, then a row of totals: for an annual report. */
export function attendanceReportCsv(report: AttendanceReport): string {
  const header = ['Chapter', 'Date', 'Title', 'Type', 'Host', 'Location', ...FIGURE_LABELS]
  const rows: (string | number)[][] = report.sections.flatMap((section) =>
    section.events.map((eventReport) => {
      const { event } = eventReport
      const figures = shownFigures(eventReport)
      return [
        section.chapter?.name ?? 'The branch',
        event.eventDate,
        event.title,
        event.type ?? '',
        event.host,
        event.location,
        ...figuresInOrder(figures).map(figure),
      ]
    }),
  )
  const { totals } = report
  rows.push([
    report.chapter?.name ?? 'All chapters',
    '',
    `Total: ${totals.events === 1 ? '1 event' : `${totals.events} events`}`,
    '',
    '',
    '',
    ...figuresInOrder(totals),
  ])
  return `\uFEFF${toCsv(header, rows)}`
}

/** A file name's part from a title or a name: lower case, letters and digits joined by hyphens. */
const fileWord = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'event'

export const eventReportFileName = (report: EventReport) =>
  `meeting-report-${report.event.eventDate}-${fileWord(report.event.title)}.csv`

/** The attendees list's CSV of an event: its date and title, as the meeting report's. */
export const attendeesFileName = (event: Pick<Event, 'eventDate' | 'title'>) =>
  `attendees-${event.eventDate}-${fileWord(event.title)}.csv`

export const attendanceReportFileName = (report: AttendanceReport) =>
  `attendance-${report.chapter ? fileWord(report.chapter.slug) : 'all-chapters'}-${report.from}-to-${report.to}.csv`
