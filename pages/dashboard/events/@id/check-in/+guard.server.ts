import type { PageContextServer } from 'vike/types'
import { requireSignedIn } from '../../../guard.server'

/**
 * Replaces the console's guard (which sends anyone without a session to /login): the door page is also
 * for a door volunteer without an account. Who may see which event's door is decided in +data.ts.
 */
export function guard(pageContext: PageContextServer): void {
  requireSignedIn(pageContext)
}
