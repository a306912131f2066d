import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { idParamSchema } from '#db/validation'
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

/**
 * The record the route's `id` names, found by `find` in the page's database: the 404 page for an id that
 * is malformed or names nothing (before any permission is asked, so the caller asks it of the record).
 */
export function requireRouteRecord<T>(
  pageContext: PageContextServer,
  find: (db: PageContextServer['db'], id: string) => T | undefined,
): T {
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const record = id.success ? find(pageContext.db, id.data) : undefined
  if (!record) throw render(404)
  return record
}
