/**
 * An event's attendance figures as the reports show them (the console's screens and the CSV files,
 * docs/product.md#attendance-reports): browser-safe, so a page and the server read them alike.
 */

/** One event's attendance. */
export type AttendanceFigures = {
  /** Registrations not cancelled: confirmed, waiting for confirmation, offered a seat, on the waiting list. */
  registered: number
  confirmed: number
  /** Let in at the door (checked in). */
  checkedIn: number
  /** Confirmed but not checked in; null until the event has ended. */
  noShows: number | null
  /** Checked in with a membership number (or the membership box ticked); null when it cannot be told. */
  members: number | null
  /** Checked in without one; null when it cannot be told. */
  guests: number | null
}

/** The figures in the order of the reports' columns (the screens and the annual CSV), with their headings. */
export const FIGURE_COLUMNS = [
  ['registered', 'Registered'],
  ['confirmed', 'Confirmed'],
  ['checkedIn', 'Checked in'],
  ['noShows', 'No-shows'],
  ['members', 'Members'],
  ['guests', 'Guests'],
] as const satisfies readonly (readonly [keyof AttendanceFigures, string])[]

export const FIGURE_LABELS = FIGURE_COLUMNS.map(([, label]) => label)

/** The figures (or totals, which have them all) as a row, in the order of FIGURE_COLUMNS. */
export const figuresInOrder = <Value>(figures: { [Figure in keyof AttendanceFigures]: Value }): Value[] =>
  FIGURE_COLUMNS.map(([figure]) => figures[figure])

/** The part of an event's report these read (EventReport of server/services/reports.server.ts). */
type ReportOfEvent = { ended: boolean; registrationOnSite: boolean; figures: AttendanceFigures }

/** An event's figures as shown: null where they cannot be told. */
export type ShownFigures = { [Figure in keyof AttendanceFigures]: number | null }

const NONE: ShownFigures = {
  registered: null,
  confirmed: null,
  checkedIn: null,
  noShows: null,
  members: null,
  guests: null,
}

/**
 * The figures the screens and the CSV files show: none of an event whose registration was elsewhere (its
 * zeros are not known, not nothing); no-shows once it has ended; members and guests where they are told apart.
 */
export const shownFigures = (report: ReportOfEvent): ShownFigures =>
  report.registrationOnSite ? report.figures : NONE

/** Why an event's no-shows are not shown: it is not over yet, or they are not known (registration elsewhere). */
export const noShowsUnknownOf = (report: Pick<ReportOfEvent, 'ended'>) =>
  report.ended ? 'not known' : 'not over yet'
