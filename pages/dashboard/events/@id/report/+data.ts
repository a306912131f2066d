import type { PageContextServer } from 'vike/types'
import { localDateTimeOf } from '#db/clock'
import { findEventById } from '#db/queries/events.server'
import { findRegistrationSettings } from '#db/queries/registrations.server'
import { eventReport } from '#server/services/reports.server'
import { requirePagePermission, requireRouteRecord, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * One event's attendance for the society's meeting report: the 404 page for an unknown id, the 403 page
 * for another chapter's event (as its attendees).
 */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const event = requireRouteRecord(pageContext, findEventById)
  requirePagePermission(pageContext, 'view:event-report', event)
  const report = eventReport(pageContext.db, event, findRegistrationSettings(pageContext.db, event.id), {
    now: pageContext.clock.now(),
    timeZone: pageContext.timeZone,
  })
  // Written on the server, in TIME_ZONE, so that the page reads the same wherever it is printed.
  const madeAt = `${localDateTimeOf(pageContext.clock.now(), pageContext.timeZone).replace('T', ' ')} (${pageContext.timeZone})`
  return { report, madeAt }
}
