import type { Request, RequestHandler } from 'express'
import type { Event } from '#db/schema'
import type { SignedInSession } from '../auth/sessions.server'
import { ApiError } from '../errors.server'
import type { CheckInPrincipal, Principal } from './principal.server'
import {
  can,
  isAdmin,
  type Permission,
  type PrincipalWith,
  permissions,
  type ResourceOf,
} from './rules.server'

/**
 * The rules of server/policy/rules.server.ts as routes ask them: a guard in front of each route
 * (signedIn, adminOnly, chapterOnly), and requirePermission before a route changes a resource it loaded.
 */

/** The principal of a signed-in request: 401 without a session, 403 for a cookie write from another origin. */
export function requirePrincipal(req: Request): Principal {
  const { principal, session } = req
  if (!principal || !session) throw new ApiError(401, 'Sign in to continue.')
  if (session.crossOrigin) throw new ApiError(403, 'This request must come from the site itself.')
  return principal
}

/**
 * The principal when it has the permission (for the resource): 401 or 403 otherwise, the refusal
 * saying why. Call it before changing anything.
 */
export function requirePermission<P extends Permission>(
  req: Request,
  permission: P,
  ...resource: ResourceOf<P>
): PrincipalWith<P> {
  const principal = requirePrincipal(req)
  if (!can(principal, permission, ...resource)) throw new ApiError(403, permissions[permission].refusal)
  // The rule held: for a role's permission, the principal has that role.
  return principal as PrincipalWith<P>
}

/**
 * Whoever acts at the event's door: a signed-in officer of its chapter or an administrator, or a door
 * link of this event (`req.door`, set by the door middleware only without a session). 401 for neither,
 * 403 for anyone else (another chapter, another event's door link).
 */
export function requireCheckInPrincipal(
  req: Request,
  event: Pick<Event, 'id' | 'ownerId'>,
): CheckInPrincipal {
  if (req.principal) return requirePermission(req, 'check-in', event)
  const door = req.door
  if (!door) throw new ApiError(401, 'Sign in or open a door link to continue.')
  if (!can(door, 'check-in-with-door-link', event)) {
    throw new ApiError(403, permissions['check-in-with-door-link'].refusal)
  }
  return door
}

/** Whether a route open to anyone was asked by a signed-in administrator, who is shown more. */
export function askedByAdmin(req: Request): boolean {
  const { principal, session } = req
  return principal !== undefined && session !== undefined && !session.crossOrigin && isAdmin(principal)
}

const guard =
  (check: (req: Request) => void): RequestHandler =>
  (req, _res, next) => {
    check(req)
    next()
  }

export const signedIn = guard(requirePrincipal)
export const adminOnly = guard((req) => requirePermission(req, 'administer'))
export const chapterOnly = guard((req) => requirePermission(req, 'act-for-chapter'))

/**
 * The principal of a route behind one of the guards, which has checked it already. A route that forgot
 * its guard is a programming error: it answers 500 and serves nobody.
 */
export function principalOf(req: Request): Principal {
  if (!req.principal)
    throw new Error('principalOf() in a route without a guard (signedIn, adminOnly or chapterOnly)')
  return req.principal
}

/** The officer of a route behind the chapterOnly guard. */
export function officerOf(req: Request) {
  const principal = principalOf(req)
  if (principal.role !== 'officer') throw new Error('officerOf() in a route without the chapterOnly guard')
  return principal
}

/** The session of a route behind one of the guards (its id, the person's row as the session found it). */
export function sessionOf(req: Request): SignedInSession {
  if (!req.session)
    throw new Error('sessionOf() in a route without a guard (signedIn, adminOnly or chapterOnly)')
  return req.session
}
