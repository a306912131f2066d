/**
 * An event's attendance figures as the reports show them (the console's screens and the CSV files,
 * docs/product.md#attendance-reports): browser-safe, so a page and the server read them alike.
 */

type Figures = {
  registered: number
  confirmed: number
  checkedIn: number
  noShows: number | null
  members: number | null
  guests: number | null
}

/** The part of an event's report these read (EventReport of server/services/reports.server.ts). */
type ReportOfEvent = { ended: boolean; registrationOnSite: boolean; figures: Figures }

/** An event's figures as shown: null where they cannot be told. */
export type ShownFigures = { [Figure in keyof Figures]: number | null }

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
