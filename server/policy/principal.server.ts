import type { Chapter, User } from '#db/schema'

/** An administrator: manages everyone and everything, and belongs to no chapter. */
export type Administrator = { role: 'admin'; personId: string; name: string; chapterId: null }

/** An officer of one chapter: acts for that chapter, whose records its officers share. */
export type Officer = { role: 'officer'; personId: string; name: string; chapterId: string }

/**
 * Whoever a request acts for, as the session middleware found it: on the Express request (`req.principal`)
 * and in Vike's `pageContext.principal` alike, and what every rule of server/policy/rules.server.ts takes.
 * Only people with an account for now; someone without one (an event's attendee holding a manage link, a
 * door volunteer holding a door link) joins this union with a role of their own, and each rule then says
 * what they may do.
 */
export type Principal = Administrator | Officer

/**
 * The principal of a person and the chapter their row names, or null for an officer without a chapter
 * (a chapter's deletion takes its officers with it, so none should exist: such a person acts for nobody).
 */
export function toPrincipal(
  person: Pick<User, 'id' | 'name' | 'role'>,
  chapter: Pick<Chapter, 'id'> | null,
): Principal | null {
  if (person.role === 'admin')
    return { role: 'admin', personId: person.id, name: person.name, chapterId: null }
  if (!chapter) return null
  return { role: 'officer', personId: person.id, name: person.name, chapterId: chapter.id }
}

/**
 * A volunteer at an event's door, holding a door link and its PIN (docs/decisions/080-door-links.md): no
 * account and no chapter. It acts for the check-in of one event only, until the link is revoked or
 * expires, so it is not a Principal: no rule that takes one can let it in by mistake. The door middleware
 * sets it (`req.door`, `pageContext.door`) only on a request without a session, so a request still acts
 * for one principal.
 */
export type DoorVolunteer = {
  role: 'door'
  /** The door link's id (what the scan log names it by). */
  doorLinkId: string
  /** The link's label, as check-ins name who let someone in. */
  name: string
  eventId: string
  expiresAt: Date
}

/** Who may act at an event's door: its chapter's officers, administrators, or a door link of that event. */
export type CheckInPrincipal = Principal | DoorVolunteer

/** The id a scan log row names its principal by: the person's, or the door link's. */
export const principalIdOf = (principal: CheckInPrincipal): string =>
  principal.role === 'door' ? principal.doorLinkId : principal.personId
