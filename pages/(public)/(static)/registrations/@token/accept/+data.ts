import type { PageContextServer } from 'vike/types'
import { formatLocalDateTime } from '#components/shared/dates'
import { localDateTimeOf } from '#db/clock'
import { lookUpRegistration } from '#server/services/links.server'

export type Data = ReturnType<typeof data>

/**
 * The offer mail's main button leads here: one button that takes the offered seat (a POST). Reading the
 * page changes nothing, so a mail scanner following the link takes no seat.
 */
export function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? ''
  const view = lookUpRegistration(pageContext.db, token, pageContext.clock.now())
  if (!view) return { found: false as const, token }
  const { registration, event, offerExpired } = view
  const { timeZone } = pageContext
  return {
    found: true as const,
    token,
    offered: registration.status === 'offered' && !offerExpired,
    title: event.title,
    offerUntil: registration.offerExpiresAt
      ? `${formatLocalDateTime(localDateTimeOf(registration.offerExpiresAt.getTime(), timeZone))} (${timeZone} time)`
      : null,
  }
}
