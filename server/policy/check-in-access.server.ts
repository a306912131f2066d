import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findEventById } from '#db/queries/events.server'
import type { Event } from '#db/schema'
import { idParamSchema } from '#db/validation'
import type { CheckInPrincipal } from './principal.server'
import { can } from './rules.server'

/**
 * The check-in page's guard (`+guard.server.ts` of /dashboard/events/@id/check-in): a signed-in officer of
 * the event's chapter or an administrator, or a door link's volunteer of this very event. Nobody: to
 * /login; a door link revoked or expired: the 403 page saying so (`abortReason: { doorLink }`). Anyone else (another chapter, another event's door link): the 403 page. An unknown event: 404.
 * Answers the event and who acts, for the page's data.
 */
export function requireCheckInAccess(
  pageContext: PageContextServer,
  eventId: string,
): { event: Event; principal: CheckInPrincipal } {
  const principal: CheckInPrincipal | null = pageContext.principal ?? pageContext.door
  if (!principal) {
    // A volunteer whose link ended is told so: the officers' sign-in is no way back for them.
    if (pageContext.doorEnded) throw render(403, { doorLink: pageContext.doorEnded })
    throw redirect('/login')
  }
  const id = idParamSchema.safeParse(eventId)
  const event = id.success ? findEventById(pageContext.db, id.data) : undefined
  if (!event) throw render(404)
  if (!can(principal, 'check-in', event)) throw render(403, "You don't have access to this page")
  return { event, principal }
}
