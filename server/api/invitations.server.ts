import express, { type Router } from 'express'
import { toInvitationDto, toUserInfo } from '#db/dto'
import { findChapterById } from '#db/queries/accounts.server'
import {
  acceptInvitation,
  findInvitationById,
  invitationState,
  listPendingInvitations,
  revokeInvitation,
} from '#db/queries/invitations.server'
import { findPersonByEmail } from '#db/queries/people.server'
import {
  acceptInvitationSchema,
  invitationInputSchema,
  linkTokenSchema,
  peopleQuerySchema,
} from '#db/validation'
import { hashPassword } from '../auth/password.server'
import type { Sessions } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { principalOf, requirePermission, sessionOf, signedIn } from '../policy/require.server'
import { actorOfPerson, itemOf, recordActivity, recordChange } from '../services/activity.server'
import { sendInvitation, storeInvitation } from '../services/inviting.server'
import { lookUpInvitation } from '../services/links.server'
import { refuseCommonPassword } from '../services/passwords.server'
import { peopleGroup } from '../services/people.server'
import { found, readId, readJson, readParam, readQuery } from './input.server'

const INVITATION_INVALID = 'This invitation link is not valid.'
const INVITATION_GONE = 'This invitation link has expired or was already used or withdrawn.'
const PERSON_EXISTS = 'Someone with this email address already has an account.'

/**
 * Invitations: an administrator invites administrators and any chapter's officers, an officer the
 * officers of their own chapter. The link (token) is shown once to the inviter and, when SMTP is set,
 * mailed through the outbox, which retries it.
 */
export function createInvitationsRouter(ctx: AppContext, sessions: Sessions, outbox: OutboxHandle): Router {
  const { db } = ctx
  const router = express.Router()

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

  router.post('/', signedIn, (req, res) => {
    const principal = principalOf(req)
    const input = readJson(req, invitationInputSchema)
    const { chapter } = peopleGroup(db, principal, input.chapterSlug)
    if (findPersonByEmail(db, input.email)) throw new ApiError(409, PERSON_EXISTS)
    // The invitation and its email together: whatever the mail server does, the link works and the
    // console shows it, and the outbox retries the email.
    const link = db.transaction((tx) =>
      storeInvitation(tx, ctx, outbox, {
        principal,
        invitedBy: sessionOf(req).person,
        email: input.email,
        chapter,
      }),
    )
    const sent = sendInvitation(outbox, link)
    res.status(201).json({
      success: true,
      message: sent.email === 'queued' ? 'Invitation sent' : 'Invitation created',
      ...sent,
    })
  })

  router.get('/', signedIn, (req, res) => {
    const { chapterSlug } = readQuery(req, peopleQuerySchema)
    const { chapter } = peopleGroup(db, principalOf(req), chapterSlug)
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
    const outcome = db.transaction((tx) => {
      const result = acceptInvitation(tx, invitation.id, { name: input.name, passwordHash })
      if (result.ok) {
        const { person } = result
        recordActivity(tx, actorOfPerson(person), {
          action: 'invitation-accepted',
          item: itemOf.invitation({ id: invitation.id, email: person.email, chapterId: person.chapterId }),
        })
      }
      return result
    })
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
    const principal = requirePermission(req, 'manage:invitation', invitation)
    if (invitationState(invitation) !== 'pending') throw new ApiError(410, INVITATION_GONE)
    recordChange(
      db,
      principal,
      (tx) => revokeInvitation(tx, invitation.id),
      () => ({ action: 'invitation-revoked', item: itemOf.invitation(invitation) }),
    )
    res.json({ success: true, message: 'Invitation withdrawn' })
  })

  return router
}
