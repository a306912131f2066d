import type { PageContextServer } from 'vike/types'
import { requireCheckInAccess } from '#server/policy/check-in-access.server'

/**
 * Replaces the console's guard (which sends anyone without a session to /login): the door page is also
 * for a door link's volunteer of this event, who has no account.
 */
export function guard(pageContext: PageContextServer): void {
  requireCheckInAccess(pageContext, pageContext.routeParams.id ?? '')
}
