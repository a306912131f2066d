import type { Queryable } from '#db/client.server'
import type { InvitationPreviewDto } from '#db/dto'
import { findChapterById } from '#db/queries/accounts.server'
import { findEventById } from '#db/queries/events.server'
import {
  createInvitation,
  findInvitationByTokenHash,
  invitationState,
  type NewInvitation,
} from '#db/queries/invitations.server'
import {
  createPasswordReset,
  findPasswordResetByTokenHash,
  resetIsUsable,
} from '#db/queries/password-resets.server'
import { findRegistrationByTokenHash, waitingPlace } from '#db/queries/registrations.server'
import type { Chapter, Event, Invitation, PasswordReset, Registration, User } from '#db/schema'
import { linkTokenSchema } from '#db/validation'
import { hashToken, newOneTimeToken, tokenMatches } from '../auth/one-time-tokens.server'

/**
 * Invitation, password-reset and registration manage links (docs/decisions/057-invitations-and-password-resets.md): made with
 * a one-time token stored only as its hash, and looked up the same way by the API and by the pages the
 * links open.
 */

const invitationUrl = (publicUrl: string, token: string) => new URL(`/invite/${token}`, publicUrl).href
const resetUrl = (publicUrl: string, token: string) => new URL(`/reset-password/${token}`, publicUrl).href

/** Stores an invitation under a new token; its link is shown once (and mailed), never stored. */
export function newInvitationLink(
  db: Queryable,
  publicUrl: string,
  input: Omit<NewInvitation, 'tokenHash'>,
): { invitation: Invitation; url: string } {
  const { token, hash } = newOneTimeToken()
  return {
    invitation: createInvitation(db, { ...input, tokenHash: hash }),
    url: invitationUrl(publicUrl, token),
  }
}

/** Stores a password reset for the person under a new token; its link is shown once (or mailed). */
export function newResetLink(
  db: Queryable,
  publicUrl: string,
  personId: string,
): { reset: PasswordReset; url: string } {
  const { token, hash } = newOneTimeToken()
  return { reset: createPasswordReset(db, personId, hash), url: resetUrl(publicUrl, token) }
}

/** What an invitation link shows: who invited whom to what, or why it does not work. */
export type InvitationLookup =
  | { status: 'pending'; invitation: Invitation; preview: InvitationPreviewDto }
  | { status: 'invalid' | 'gone' }

export function lookUpInvitation(db: Queryable, token: string): InvitationLookup {
  if (!linkTokenSchema.safeParse(token).success) return { status: 'invalid' }
  const invitation = findInvitationByTokenHash(db, hashToken(token))
  if (!invitation || !tokenMatches(token, invitation.tokenHash)) return { status: 'invalid' }
  if (invitationState(invitation) !== 'pending') return { status: 'gone' }
  const chapter = invitation.chapterId ? findChapterById(db, invitation.chapterId) : undefined
  return {
    status: 'pending',
    invitation,
    preview: {
      email: invitation.email,
      role: invitation.role,
      chapter: chapter ? { name: chapter.name, slug: chapter.slug } : null,
      invitedBy: invitation.invitedByName,
      expiresAt: invitation.expiresAt.toISOString(),
    },
  }
}

/** What the manage link shows, or why it shows nothing. */
export type RegistrationView = {
  registration: Registration
  event: Event
  position: number | null
  /** An offer whose hold has run out (the scheduler has not passed it on yet). */
  offerExpired: boolean
}

/** The registration of a manage link's token, or undefined for a token that names none. */
export function lookUpRegistration(db: Queryable, token: string, now: number): RegistrationView | undefined {
  if (!linkTokenSchema.safeParse(token).success) return undefined
  const registration = findRegistrationByTokenHash(db, hashToken(token))
  if (!registration || registration.anonymisedAt || !tokenMatches(token, registration.tokenHash))
    return undefined
  const event = findEventById(db, registration.eventId)
  if (!event) return undefined
  return {
    registration,
    event,
    position: registration.status === 'waitlisted' ? waitingPlace(db, registration) : null,
    offerExpired:
      registration.status === 'offered' &&
      registration.offerExpiresAt !== null &&
      registration.offerExpiresAt.getTime() <= now,
  }
}

/** Whether a reset link still works: usable, used or expired (gone), or never a link at all (invalid). */
export type ResetLookup = { status: 'usable'; reset: PasswordReset } | { status: 'invalid' | 'gone' }

export function lookUpReset(db: Queryable, token: string): ResetLookup {
  if (!linkTokenSchema.safeParse(token).success) return { status: 'invalid' }
  const reset = findPasswordResetByTokenHash(db, hashToken(token))
  if (!reset || !tokenMatches(token, reset.tokenHash)) return { status: 'invalid' }
  return resetIsUsable(reset) ? { status: 'usable', reset } : { status: 'gone' }
}

/** What an invitation (or a person) is about, in words: "the officers of CSE Society" / "the administrators". */
export function placeOf(person: Pick<User, 'role'>, chapter: Pick<Chapter, 'name'> | null): string {
  return person.role === 'admin' || !chapter ? 'the administrators' : `the officers of ${chapter.name}`
}
