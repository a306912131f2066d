import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { chapters, type Invitation, invitations, type PersonRole, type User, users } from '../schema'

/** An invitation link works for 7 days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired'

export function invitationState(invitation: Invitation, now = new Date()): InvitationState {
  if (invitation.acceptedAt) return 'accepted'
  if (invitation.revokedAt) return 'revoked'
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'pending'
}

export type NewInvitation = {
  tokenHash: string
  email: string
  role: PersonRole
  chapterId: string | null
  invitedBy: User
}

/**
 * Stores an invitation; an earlier pending one for the same email, role and chapter is revoked (its link
 * stops working). Only that one: an officer inviting an email must not withdraw an administrator's
 * invitation to it, nor another chapter's.
 */
export function createInvitation(db: Queryable, input: NewInvitation, now = new Date()): Invitation {
  return db.transaction((tx) => {
    const email = input.email.toLowerCase()
    tx.update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.email, email),
          eq(invitations.role, input.role),
          input.chapterId === null
            ? isNull(invitations.chapterId)
            : eq(invitations.chapterId, input.chapterId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .run()
    return tx
      .insert(invitations)
      .values({
        id: newId(),
        tokenHash: input.tokenHash,
        email,
        role: input.role,
        chapterId: input.chapterId,
        invitedById: input.invitedBy.id,
        invitedByName: input.invitedBy.name,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      .returning()
      .get()
  })
}

export function findInvitationByTokenHash(db: Queryable, tokenHash: string): Invitation | undefined {
  return db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get()
}

export function findInvitationById(db: Queryable, id: string): Invitation | undefined {
  return db.select().from(invitations).where(eq(invitations.id, id)).get()
}

/** Pending invitations to a chapter (chapterId) or to become an administrator (null), newest first. */
export function listPendingInvitations(
  db: Queryable,
  chapterId: string | null,
  now = new Date(),
): Invitation[] {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        chapterId === null ? eq(invitations.role, 'admin') : eq(invitations.chapterId, chapterId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .all()
}

export function revokeInvitation(db: Queryable, id: string, now = new Date()): void {
  db.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, id)).run()
}

export type AcceptOutcome =
  | { ok: true; person: User }
  | { ok: false; reason: 'gone' | 'email-taken' | 'chapter-gone' }

/**
 * Accepts a pending invitation in one transaction: checks again that it is still pending and the email
 * still free, creates the person and marks the invitation used, so a link works once even under races.
 */
export function acceptInvitation(
  db: Queryable,
  invitationId: string,
  person: { name: string; passwordHash: string },
  now = new Date(),
): AcceptOutcome {
  return db.transaction((tx): AcceptOutcome => {
    const invitation = findInvitationById(tx, invitationId)
    if (!invitation || invitationState(invitation, now) !== 'pending') return { ok: false, reason: 'gone' }
    if (invitation.role === 'officer') {
      const chapter = invitation.chapterId
        ? tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, invitation.chapterId)).get()
        : undefined
      if (!chapter) return { ok: false, reason: 'chapter-gone' }
    }
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).get()) {
      return { ok: false, reason: 'email-taken' }
    }
    const created = tx
      .insert(users)
      .values({
        id: newId(),
        role: invitation.role,
        chapterId: invitation.role === 'officer' ? invitation.chapterId : null,
        name: person.name,
        email: invitation.email,
        passwordHash: person.passwordHash,
      })
      .returning()
      .get()
    tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id)).run()
    return { ok: true, person: created }
  })
}
