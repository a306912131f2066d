import express, { type Router } from 'express'
import { findEventById } from '#db/queries/events.server'
import { findRegistrationSettings } from '#db/queries/registrations.server'
import { attendanceReportQuerySchema, eventReportQuerySchema } from '#db/validation'
import type { AppContext, Clock } from '../context.server'
import { requirePermission, requirePrincipal, signedIn } from '../policy/require.server'
import {
  attendanceReport,
  attendanceReportCsv,
  attendanceReportFileName,
  eventReport,
  eventReportCsv,
  eventReportFileName,
  reportScopeOf,
} from '../services/reports.server'
import { found, readId, readQuery } from './input.server'

/** GET /api/events/{id}/report: one event's attendance, as JSON or (`format=csv`) a vTools meeting report. */
export function createEventReportRouter({ db, env }: AppContext, clock: Clock): Router {
  const router = express.Router()
  router.get('/:id/report', signedIn, (req, res) => {
    const event = found(findEventById(db, readId(req)), 'Event')
    requirePermission(req, 'view:event-report', event)
    const { format } = readQuery(req, eventReportQuerySchema)
    const report = eventReport(db, event, findRegistrationSettings(db, event.id), {
      now: clock(),
      timeZone: env.TIME_ZONE,
    })
    if (format === 'csv') {
      res.type('text/csv; charset=utf-8').attachment(eventReportFileName(report)).send(eventReportCsv(report))
      return
    }
    res.json({ success: true, report })
  })
  return router
}

/**
 * GET /api/reports/attendance: a chapter's events of a period with their attendance and totals (an
 * officer's own chapter; an administrator's any, or all of them), as JSON or CSV.
 */
export function createReportsRouter({ db, env }: AppContext, clock: Clock): Router {
  const router = express.Router()
  router.get('/attendance', signedIn, (req, res) => {
    const principal = requirePrincipal(req)
    const { chapterSlug, from, to, format } = readQuery(req, attendanceReportQuerySchema)
    const scope = found(reportScopeOf(db, chapterSlug, principal.chapterId), 'Chapter')
    requirePermission(req, 'view:attendance-report', scope === 'all' ? null : scope.id)
    const report = attendanceReport(db, scope, { from, to }, { now: clock(), timeZone: env.TIME_ZONE })
    if (format === 'csv') {
      res
        .type('text/csv; charset=utf-8')
        .attachment(attendanceReportFileName(report))
        .send(attendanceReportCsv(report))
      return
    }
    res.json({ success: true, report })
  })
  return router
}
