import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { PageUser } from '../vike'

export const NO_ACCESS = "You don't have access to this page"

/**
 * The console's guard (docs/decisions/014-console-guards.md), run on the server for the first load and for every client-side
 * navigation (pageContext.user comes from the session): no session goes to /login before any console
 * HTML is sent; a page of the other role is the 403 page.
 */
export function guardConsole(
  pageContext: PageContextServer,
  role?: 'admin' | 'chapter',
): PageUser & { accountId: string } {
  const { user, accountId } = pageContext
  if (!user || !accountId) throw redirect('/login')
  if ((role === 'admin' && !user.isAdmin) || (role === 'chapter' && user.isAdmin))
    throw render(403, NO_ACCESS)
  return { ...user, accountId }
}
