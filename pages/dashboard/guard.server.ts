import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { Principal } from '#server/policy/principal.server'
import { can, type Permission, type PrincipalWith, type ResourceOf } from '#server/policy/rules.server'
import type { PageUser } from '../vike'
import { NO_ACCESS } from './no-access'

/**
 * The console's guards (docs/decisions/014-console-guards.md), run on the server for the first load and for
 * every client-side navigation, over the principal the session middleware found (and the same person as
 * the page shows them): no session goes to /login before any console HTML is sent.
 */
export function requireSignedIn(pageContext: PageContextServer): { principal: Principal; user: PageUser } {
  const { principal, user } = pageContext
  if (!principal || !user) throw redirect('/login')
  return { principal, user }
}

/**
 * The same when the principal has the permission (for the resource), by the rules the API asks too
 * (server/policy/rules.server.ts); the 403 page otherwise, as for a page of the other role.
 */
export function requirePagePermission<P extends Permission>(
  pageContext: PageContextServer,
  permission: P,
  ...resource: ResourceOf<P>
): { principal: PrincipalWith<P>; user: PageUser } {
  const { principal, user } = requireSignedIn(pageContext)
  if (!can(principal, permission, ...resource)) throw render(403, NO_ACCESS)
  // The rule held: for a role's permission, the principal has that role.
  return { principal: principal as PrincipalWith<P>, user }
}
