import type { Queryable } from '#db/client.server'
import { type MailDelivery, toInvitationDto } from '#db/dto'
import { enqueueOutboxMails } from '#db/queries/outbox.server'
import type { Chapter, Invitation, User } from '#db/schema'
import type { AppContext } from '../context.server'
import { invitationMail } from '../mail/messages.server'
import type { OutboxHandle } from '../mail/outbox.server'
import type { Principal } from '../policy/principal.server'
import { itemOf, recordActivity } from './activity.server'
import { newInvitationLink, placeOf } from './links.server'

/**
 * Inviting someone (docs/decisions/057-invitations-and-password-resets.md), as the invitations router and
 * a new chapter's first officer (POST /api/users with officerEmail) share it.
 */

/** An invitation just stored, with the link that only its inviter sees and what became of its email. */
export type NewInvitationLink = {
  invitation: Invitation
  url: string
  chapter: Chapter | null
  email: MailDelivery
}

/**
 * Stores an invitation to `chapter`'s officers (null: the administrators), its activity entry and (with a
 * mail server) its email in the outbox, in the caller's transaction; answers the link. Wake the outbox
 * (`sendInvitation`) once the transaction is committed. Whatever the mail server does, the link works and
 * the console shows it; the outbox retries the email (docs/decisions/104-link-mails-through-the-outbox.md).
 */
export function storeInvitation(
  tx: Queryable,
  ctx: AppContext,
  outbox: OutboxHandle,
  input: { principal: Principal; invitedBy: User; email: string; chapter: Chapter | null },
): NewInvitationLink {
  const { invitation, url } = newInvitationLink(tx, ctx.env.publicUrl, {
    email: input.email,
    role: input.chapter ? 'officer' : 'admin',
    chapterId: input.chapter?.id ?? null,
    invitedBy: input.invitedBy,
  })
  recordActivity(tx, input.principal, { action: 'invitation-sent', item: itemOf.invitation(invitation) })
  if (!outbox.configured) return { invitation, url, chapter: input.chapter, email: 'not-configured' }
  const mail = invitationMail({
    invitationId: invitation.id,
    to: invitation.email,
    url,
    invitedBy: input.principal.name,
    place: placeOf({ role: invitation.role }, input.chapter),
    expiresAt: invitation.expiresAt,
    timeZone: ctx.env.TIME_ZONE,
  })
  enqueueOutboxMails(tx, [mail], outbox.now())
  return { invitation, url, chapter: input.chapter, email: 'queued' }
}

/** Sends a committed invitation's email now (the outbox's next round) and answers what the console shows of it. */
export function sendInvitation(outbox: OutboxHandle, link: NewInvitationLink) {
  if (link.email === 'queued') outbox.wake()
  return { invitation: { ...toInvitationDto(link.invitation), url: link.url }, email: link.email }
}
