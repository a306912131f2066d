/**
 * The periods an attendance report covers (docs/decisions/086-attendance-reports.md): any from/to of local
 * calendar dates, both included, at most REPORT_RANGE_MAX_YEARS long, and four presets. Plain dates as
 * YYYY-MM-DD, so the server and any browser compute the same periods.
 */

/**
 * The month a Bangladeshi university's academic year starts in: July (1 July to 30 June), the year the
 * University Grants Commission and the public universities' sessions ("2025-26") count in.
 */
export const ACADEMIC_YEAR_START_MONTH = 7

/** The longest period one report covers, in years. */
export const REPORT_RANGE_MAX_YEARS = 5

export type ReportPeriod = { from: string; to: string }

const pad = (value: number) => String(value).padStart(2, '0')

/** The last day of the month before `month` (1-12) of `year`, as YYYY-MM-DD. */
function dayBefore(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month - 1, 0))
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

const calendarYear = (year: number): ReportPeriod => ({ from: `${year}-01-01`, to: `${year}-12-31` })

/** The academic year that starts in `year`: 1 July `year` to 30 June of the next. */
const academicYear = (year: number): ReportPeriod => ({
  from: `${year}-${pad(ACADEMIC_YEAR_START_MONTH)}-01`,
  to: dayBefore(year + 1, ACADEMIC_YEAR_START_MONTH),
})

export const reportPresets = ['this-year', 'last-year', 'this-academic-year', 'last-academic-year'] as const
export type ReportPreset = (typeof reportPresets)[number]

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  'this-year': 'This calendar year',
  'last-year': 'Last calendar year',
  'this-academic-year': 'This academic year',
  'last-academic-year': 'Last academic year',
}

/** The preset's period on `today` (a local date, YYYY-MM-DD). */
export function periodOf(preset: ReportPreset, today: string): ReportPeriod {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const academicStart = month >= ACADEMIC_YEAR_START_MONTH ? year : year - 1
  switch (preset) {
    case 'this-year':
      return calendarYear(year)
    case 'last-year':
      return calendarYear(year - 1)
    case 'this-academic-year':
      return academicYear(academicStart)
    case 'last-academic-year':
      return academicYear(academicStart - 1)
  }
}

/** Whether `to` is at most REPORT_RANGE_MAX_YEARS after `from` (1 Jan 2021 to 31 Dec 2025 is five years). */
export function withinReportRange({ from, to }: ReportPeriod): boolean {
  const limit = `${Number(from.slice(0, 4)) + REPORT_RANGE_MAX_YEARS}${from.slice(4)}`
  return to < limit
}
