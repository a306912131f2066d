import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { listChapterNames } from '#db/queries/accounts.server'
import { periodOf, REPORT_PRESET_LABELS, reportPresets } from '#db/report-periods'
import { attendanceReportQuerySchema, type FieldErrors, toFieldErrors } from '#db/validation'
import { isAdmin } from '#server/policy/rules.server'
import { attendanceReport, reportScopeOf, todayOf } from '#server/services/reports.server'
import { requirePagePermission, requireSignedIn } from '../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The parameters the page reads from its URL, those of GET /api/reports/attendance. */
const PARAMETERS = ['chapterSlug', 'from', 'to'] as const

/**
 * The attendance report of a chapter and a period (docs/product.md#attendance-reports), read from the
 * URL: this academic year until the form says otherwise. An officer reports on their own chapter; an
 * administrator on any, or on all of them. Wrong dates are field errors beside the form, not a report.
 */
export function data(pageContext: PageContextServer) {
  const { principal } = requireSignedIn(pageContext)
  const { db, timeZone } = pageContext
  const clock = { now: pageContext.clock.now(), timeZone }
  const today = todayOf(clock)
  const search = pageContext.urlParsed.search
  const values: Record<string, string> = {}
  for (const name of PARAMETERS) if (search[name]) values[name] = search[name]
  if (!values.from && !values.to) Object.assign(values, periodOf('this-academic-year', today))
  const presets = reportPresets.map((preset) => ({
    label: REPORT_PRESET_LABELS[preset],
    ...periodOf(preset, today),
  }))
  const chapters = isAdmin(principal) ? listChapterNames(db) : []
  const parsed = attendanceReportQuerySchema.safeParse(values)
  const form = { values, presets, chapters, isAdmin: isAdmin(principal) }
  if (!parsed.success) return { ...form, errors: toFieldErrors(parsed.error), report: null }
  const scope = reportScopeOf(db, parsed.data.chapterSlug, principal.chapterId)
  if (scope === undefined) throw render(404)
  requirePagePermission(pageContext, 'view:attendance-report', scope === 'all' ? null : scope.id)
  const { from, to } = parsed.data
  return { ...form, errors: {} as FieldErrors, report: attendanceReport(db, scope, { from, to }, clock) }
}
