import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { RegistrationPanelData } from '#components/events/RegistrationPanel'
import { formatLocalDateTime } from '#components/shared/dates'
import { renderDescription } from '#components/shared/markdown'
import { toEventDto } from '#db/dto'
import { eventPictureOf } from '#db/event-links'
import { findEventById } from '#db/queries/events.server'
import {
  findRegistrationSettings,
  registrationAvailability,
  settingsInputOf,
} from '#db/queries/registrations.server'

export type Data = ReturnType<typeof data>

/**
 * The event of the id, its description as safe HTML (from Markdown); an unknown id is the 404 page. With registration on this site, its state and
 * form: the front cache keeps the page until registration opens or closes by itself (`frontCacheUntil`),
 * and drops it at every registration, so the seats left are current.
 */
export function data(pageContext: PageContextServer) {
  const event = findEventById(pageContext.db, pageContext.routeParams.id ?? '')
  if (!event) throw render(404)
  const settings = settingsInputOf(findRegistrationSettings(pageContext.db, event.id))
  let registration: RegistrationPanelData | null = null
  let frontCacheUntil: number | undefined
  if (settings.enabled) {
    const { timeZone } = pageContext
    const availability = registrationAvailability(
      pageContext.db,
      event,
      settings,
      pageContext.clock.now(),
      timeZone,
    )
    registration = {
      eventId: event.id,
      state: availability.state,
      seatsLeft: availability.seatsLeft,
      opensText: settings.opensAt ? formatLocalDateTime(settings.opensAt) : null,
      timeZone,
      mailConfigured: pageContext.mailConfigured,
      questions: settings.questions,
      paymentMethods: settings.paymentMethods,
      paymentInstructions: settings.paymentInstructions,
      fees: event.fees,
    }
    frontCacheUntil = availability.changesAt ?? undefined
  }
  return {
    event: toEventDto(event),
    descriptionHtml: renderDescription(event.description),
    banner: pageContext.image(eventPictureOf(event)),
    registration,
    registrationForm: pageContext.registrationForm ?? null,
    linkRequest: pageContext.linkRequest ?? null,
    frontCacheUntil,
  }
}
