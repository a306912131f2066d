import type { RequestHandler, Response } from 'express'
import type { Event } from '../../db/schema'
import { ApiError } from '../api/errors.server'
import type { Caller } from './sessions.server'

/**
 * Every permission of docs/decisions/013-permissions-on-the-server.md, in one place. Routes put a guard (signedIn, adminOnly, chapterOnly)
 * in front of the handler and ask the resource rules below before they change anything.
 */

/** The caller of a signed-in request: 401 without a session, 403 for a cookie write from another origin. */
function signedInCaller(res: Response): Caller {
  const caller = res.locals.caller
  if (!caller) throw new ApiError(401, 'Sign in to continue.')
  if (caller.crossOrigin) throw new ApiError(403, 'This request must come from the site itself.')
  return caller
}

const guard =
  (check: (caller: Caller) => void): RequestHandler =>
  (_req, res, next) => {
    check(signedInCaller(res))
    next()
  }

export const signedIn = guard(() => {})
export const adminOnly = guard((caller) => {
  if (!isAdmin(caller)) throw new ApiError(403, 'Only an administrator may do this.')
})
export const chapterOnly = guard((caller) => {
  if (isAdmin(caller)) throw new ApiError(403, 'Only a chapter account may do this.')
})

/**
 * The caller of a route behind one of the guards, which has checked it already. A route that forgot its
 * guard is a programming error: it answers 500 and serves nobody.
 */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller
  if (!caller) throw new Error('callerOf() in a route without a guard (signedIn, adminOnly or chapterOnly)')
  return caller
}

export const isAdmin = (caller: Caller) => caller.person.role === 'admin'

/** Whether a route open to anyone was asked by a signed-in administrator, who is shown more. */
export function askedByAdmin(res: Response): boolean {
  const caller = res.locals.caller
  return caller !== undefined && !caller.crossOrigin && isAdmin(caller)
}

/** The chapter an officer acts for; null for an administrator. Officers of a chapter share its records. */
export const chapterIdOf = (caller: Caller): string | null =>
  isAdmin(caller) ? null : (caller.chapter?.id ?? null)

/** Events: an officer of the chapter that owns one, or any administrator. */
export function canChangeEvent(caller: Caller, event: Pick<Event, 'ownerId'>): boolean {
  return isAdmin(caller) || (event.ownerId !== null && event.ownerId === chapterIdOf(caller))
}

/** Excom members and chapter info: only the officers of the chapter they belong to. */
export function ownsChapterRecord(caller: Caller, record: { chapterId: string }): boolean {
  return !isAdmin(caller) && record.chapterId === chapterIdOf(caller)
}

/** Whose events GET /api/events/myevents lists: the caller's chapter's, or everyone's for an administrator. */
export function myEventsOwner(caller: Caller): string | undefined {
  return chapterIdOf(caller) ?? undefined
}

/** The chapter of an officer behind the chapterOnly guard. */
export function chapterOf(caller: Caller): string {
  const id = chapterIdOf(caller)
  if (id === null) throw new Error('chapterOf() for a caller without a chapter')
  return id
}

/** Refuses with 403 unless the rule allowed it; call it before changing anything. */
export function ensureAllowed(allowed: boolean, message = "You don't have access to this."): void {
  if (!allowed) throw new ApiError(403, message)
}
