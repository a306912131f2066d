import type { Queryable } from '#db/client.server'
import type { MailDelivery } from '#db/dto'
import type { Chapter, Invitation, User } from '#db/schema'
import type { AppContext } from '../context.server'
import type { Mailer } from '../mail/mailer.server'
import { deliver, invitationMail } from '../mail/messages.server'
import type { Principal } from '../policy/principal.server'
import { itemOf, recordActivity } from './activity.server'
import { newInvitationLink, placeOf } from './links.server'

/**
 * Inviting someone (docs/decisions/057-invitations-and-password-resets.md), as the invitations router and
 * a new chapter's first officer (POST /api/users with officerEmail) share it.
 */

/** An invitation just stored, with the link that only its inviter sees. */
export type NewInvitationLink = { invitation: Invitation; url: string; chapter: Chapter | null }

/**
 * Stores an invitation to `chapter`'s officers (null: the administrators) and its activity entry, in the
 * caller's transaction; answers the link. Send it with `mailInvitation` once the transaction is committed.
 */
export function storeInvitation(
  tx: Queryable,
  publicUrl: string,
  input: { principal: Principal; invitedBy: User; email: string; chapter: Chapter | null },
): NewInvitationLink {
  const { invitation, url } = newInvitationLink(tx, publicUrl, {
    email: input.email,
    role: input.chapter ? 'officer' : 'admin',
    chapterId: input.chapter?.id ?? null,
    invitedBy: input.invitedBy,
  })
  recordActivity(tx, input.principal, { action: 'invitation-sent', item: itemOf.invitation(invitation) })
  return { invitation, url, chapter: input.chapter }
}

/** Mails a stored invitation's link; whatever the mail server does, the link works and the console shows it. */
export function mailInvitation(
  ctx: AppContext,
  mailer: Mailer | null,
  principal: Principal,
  { invitation, url, chapter }: NewInvitationLink,
): Promise<MailDelivery> {
  return deliver(
    mailer,
    invitationMail({
      to: invitation.email,
      url,
      invitedBy: principal.name,
      place: placeOf({ role: invitation.role }, chapter),
      expiresAt: invitation.expiresAt,
      timeZone: ctx.env.TIME_ZONE,
    }),
    ctx.logger,
  )
}
