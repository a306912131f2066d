import express, { type Router } from 'express'
import type { Queryable } from '../../db/client.server'
import { type InvitationPreviewDto, toInvitationDto, toUserInfo } from '../../db/dto'
import { findChapterById, findChapterBySlug } from '../../db/queries/accounts.server'
import { withActivity } from '../../db/queries/activity.server'
import {
  acceptInvitation,
  findInvitationById,
  findInvitationByTokenHash,
  invitationState,
  listPendingInvitations,
  revokeInvitation,
} from '../../db/queries/invitations.server'
import { findPersonByEmail } from '../../db/queries/people.server'
import type { Invitation } from '../../db/schema'
import {
  acceptInvitationSchema,
  invitationInputSchema,
  linkTokenSchema,
  peopleQuerySchema,
} from '../../db/validation'
import { actorOf, personActor } from '../auth/actor.server'
import { mailInvitation, storeInvitation } from '../auth/inviting.server'
import { hashToken, tokenMatches } from '../auth/one-time-tokens.server'
import { hashPassword } from '../auth/password.server'
import { ensureManages, groupFor } from '../auth/people-policy.server'
import { callerOf, signedIn } from '../auth/policy.server'
import type { Sessions } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import type { Mailer } from '../mail/mailer.server'
import { ApiError } from './errors.server'
import { found, readId, readJson, readParam, readQuery } from './input.server'
import { refuseCommonPassword } from './users.server'

export const INVITATION_INVALID = 'This invitation link is not valid.'
export const INVITATION_GONE = 'This invitation link has expired or was already used or withdrawn.'
const PERSON_EXISTS = 'Someone with this email address already has an account.'

/** What a link shows: who invited whom to what, or why it does not work. Shared by the API and the accept page. */
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

/**
 * Invitations: an administrator invites administrators and any chapter's officers, an officer the
 * officers of their own chapter. The link (token) is shown once to the inviter and mailed when SMTP is set.
 */
export function createInvitationsRouter(ctx: AppContext, sessions: Sessions, mailer: Mailer | null): Router {
  const { db } = ctx
  const router = express.Router()
  const findBySlug = (slug: string) => findChapterBySlug(db, slug)

  /** The invitation a link names; 404 for no such link, 410 for one that no longer works. */
  const loadByToken = (req: express.Request) => {
    const found = lookUpInvitation(db, readParam(req, 'token', linkTokenSchema))
    if (found.status !== 'pending') {
      throw found.status === 'gone'
        ? new ApiError(410, INVITATION_GONE)
        : new ApiError(404, INVITATION_INVALID)
    }
    return found
  }

  router.post('/', signedIn, async (req, res) => {
    const caller = callerOf(res)
    const input = readJson(req, invitationInputSchema)
    const { chapter } = groupFor(caller, input.chapterSlug, findBySlug)
    if (findPersonByEmail(db, input.email)) throw new ApiError(409, PERSON_EXISTS)
    // Stored first: whatever the mail server does, the link works and the console shows it.
    const link = db.transaction((tx) =>
      storeInvitation(tx, ctx.env.publicUrl, { caller, email: input.email, chapter }),
    )
    const email = await mailInvitation(ctx, mailer, caller, link)
    res.status(201).json({
      success: true,
      message: email === 'sent' ? 'Invitation sent' : 'Invitation created',
      invitation: { ...toInvitationDto(link.invitation), url: link.url },
      email,
    })
  })

  router.get('/', signedIn, (req, res) => {
    const { chapterSlug } = readQuery(req, peopleQuerySchema)
    const { chapter } = groupFor(callerOf(res), chapterSlug, findBySlug)
    res.json({
      success: true,
      invitations: listPendingInvitations(db, chapter?.id ?? null).map(toInvitationDto),
    })
  })

  router.get('/:token', (req, res) => {
    res.json({ success: true, invitation: loadByToken(req).preview })
  })

  router.post('/:token/accept', async (req, res) => {
    const { invitation } = loadByToken(req)
    const input = readJson(req, acceptInvitationSchema)
    refuseCommonPassword(input.password)
    const passwordHash = await hashPassword(input.password)
    const outcome = withActivity(
      db,
      (tx) => acceptInvitation(tx, invitation.id, { name: input.name, passwordHash }),
      (result) =>
        result.ok
          ? {
              actor: personActor(result.person),
              action: 'invitation-accepted',
              type: 'invitation',
              itemId: invitation.id,
              itemTitle: result.person.email,
              chapterId: result.person.chapterId,
            }
          : undefined,
    )
    if (!outcome.ok) {
      if (outcome.reason === 'email-taken') throw new ApiError(409, PERSON_EXISTS)
      throw new ApiError(410, INVITATION_GONE)
    }
    const token = await sessions.start(req, res, outcome.person)
    const chapter = outcome.person.chapterId ? (findChapterById(db, outcome.person.chapterId) ?? null) : null
    res.status(201).json({
      success: true,
      message: 'Welcome',
      token,
      userInfo: toUserInfo(outcome.person, chapter),
    })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const invitation = found(findInvitationById(db, readId(req)), 'Invitation')
    const caller = callerOf(res)
    ensureManages(caller, invitation.role === 'admin' ? { chapterId: null } : invitation)
    if (invitationState(invitation) !== 'pending') throw new ApiError(410, INVITATION_GONE)
    withActivity(
      db,
      (tx) => revokeInvitation(tx, invitation.id),
      () => ({
        actor: actorOf(caller),
        action: 'invitation-revoked',
        type: 'invitation',
        itemId: invitation.id,
        itemTitle: invitation.email,
        chapterId: invitation.chapterId,
      }),
    )
    res.json({ success: true, message: 'Invitation withdrawn' })
  })

  return router
}
