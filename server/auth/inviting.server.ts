import type { Queryable } from '../../db/client.server'
import type { MailDelivery } from '../../db/dto'
import { logActivity } from '../../db/queries/activity.server'
import { createInvitation } from '../../db/queries/invitations.server'
import type { Chapter, Invitation } from '../../db/schema'
import type { AppContext } from '../context.server'
import type { Mailer } from '../mail/mailer.server'
import { deliver, invitationMail } from '../mail/messages.server'
import { actorOf } from './actor.server'
import { newOneTimeToken } from './one-time-tokens.server'
import { placeOf } from './people-policy.server'
import type { Caller } from './sessions.server'

/** The link an invitation's token opens, from PUBLIC_URL (docs/decisions/057-invitations-and-password-resets.md). */
export const invitationUrl = (publicUrl: string, token: string) => new URL(`/invite/${token}`, publicUrl).href

/** An invitation just stored, with the link that only its inviter sees. */
export type NewInvitationLink = { invitation: Invitation; url: string; chapter: Chapter | null }

/**
 * Stores an invitation to `chapter`'s officers (null: the administrators) and its activity entry, in the
 * caller's transaction; answers the link. Send it with `mailInvitation` once the transaction is committed.
 */
export function storeInvitation(
  tx: Queryable,
  publicUrl: string,
  input: { caller: Caller; email: string; chapter: Chapter | null },
): NewInvitationLink {
  const { token, hash } = newOneTimeToken()
  const invitation = createInvitation(tx, {
    tokenHash: hash,
    email: input.email,
    role: input.chapter ? 'officer' : 'admin',
    chapterId: input.chapter?.id ?? null,
    invitedBy: input.caller.person,
  })
  logActivity(tx, {
    actor: actorOf(input.caller),
    action: 'invitation-sent',
    type: 'invitation',
    itemId: invitation.id,
    itemTitle: invitation.email,
    chapterId: invitation.chapterId,
  })
  return { invitation, url: invitationUrl(publicUrl, token), chapter: input.chapter }
}

/** Mails a stored invitation's link; whatever the mail server does, the link works and the console shows it. */
export function mailInvitation(
  ctx: AppContext,
  mailer: Mailer | null,
  caller: Caller,
  { invitation, url, chapter }: NewInvitationLink,
): Promise<MailDelivery> {
  return deliver(
    mailer,
    invitationMail({
      to: invitation.email,
      url,
      invitedBy: caller.person.name,
      place: placeOf({ role: invitation.role }, chapter),
      expiresAt: invitation.expiresAt,
    }),
    ctx.logger,
  )
}
