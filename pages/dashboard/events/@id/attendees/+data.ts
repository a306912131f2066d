import type { PageContextServer } from 'vike/types'
import { findEventById } from '#db/queries/events.server'
import { findRegistrationSettings, settingsInputOf } from '#db/queries/registrations.server'
import { requirePagePermission, requireRouteRecord, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The event whose attendees these are, read on the server: an unknown id is the 404 page, another chapter's
 * event the 403 page (attendee data is for the event's chapter officers and administrators only).
 */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const event = requireRouteRecord(pageContext, findEventById)
  requirePagePermission(pageContext, 'update:event', event)
  const settings = settingsInputOf(findRegistrationSettings(pageContext.db, event.id))
  return {
    event: { _id: event.id, title: event.title, eventDate: event.eventDate, fees: event.fees },
    enabled: settings.enabled,
    capacity: settings.capacity,
    questions: settings.questions,
    mailConfigured: pageContext.mailConfigured,
  }
}
