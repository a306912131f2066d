import express, { type Router } from 'express'
import { toPersonDto } from '../../db/dto'
import { findChapterBySlug } from '../../db/queries/accounts.server'
import { withActivity } from '../../db/queries/activity.server'
import { createPasswordReset } from '../../db/queries/password-resets.server'
import {
  countOtherActivePeers,
  deletePerson,
  findPersonById,
  listPeople,
  setPersonDisabled,
} from '../../db/queries/people.server'
import type { User } from '../../db/schema'
import { peopleQuerySchema, personUpdateSchema } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { newOneTimeToken } from '../auth/one-time-tokens.server'
import { ensureManages, groupFor } from '../auth/people-policy.server'
import { adminOnly, callerOf, isAdmin, signedIn } from '../auth/policy.server'
import type { Caller } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { resetUrl } from './auth.server'
import { ApiError } from './errors.server'
import { found, readId, readJson, readQuery } from './input.server'

/**
 * People: an administrator sees and manages everyone, an officer the officers of their own chapter.
 * Nobody disables or removes themselves here, and no chapter (nor the site) loses its last active person.
 */
export function createPeopleRouter(ctx: AppContext): Router {
  const { db } = ctx
  const router = express.Router()
  router.use(signedIn)

  /** The person of `:id` the caller may manage: 404 unknown, 403 outside their reach. */
  const loadTarget = (req: express.Request, caller: Caller): User => {
    const person = found(findPersonById(db, readId(req)), 'Person')
    ensureManages(caller, person)
    return person
  }

  /**
   * Refuses a change that would leave a chapter, or the site, without an active person to sign in, and
   * one a person makes to themselves. The last active person is checked first: a caller is always an
   * active peer of anyone else they manage, so only that person can ask, and the answer names the reason.
   */
  const refuseLastActiveOrSelf = (caller: Caller, target: User) => {
    if (!target.disabled && countOtherActivePeers(db, target) === 0) {
      if (target.role === 'admin') throw new ApiError(409, 'The last active administrator must stay.')
      // An administrator may empty a chapter (and add an officer again by invitation); its officers may not.
      if (!isAdmin(caller)) throw new ApiError(409, 'The chapter’s last active officer must stay.')
    }
    if (target.id === caller.person.id) {
      throw new ApiError(
        409,
        'You cannot disable or remove yourself; ask another officer or an administrator.',
      )
    }
  }

  router.get('/', (req, res) => {
    const caller = callerOf(res)
    const { chapterSlug } = readQuery(req, peopleQuerySchema)
    const { chapter } = groupFor(caller, chapterSlug, (slug) => findChapterBySlug(db, slug))
    const people = listPeople(db, chapter?.id ?? null).map((person) => toPersonDto(person, caller.person.id))
    res.json({ success: true, people })
  })

  router.patch('/:id', (req, res) => {
    const caller = callerOf(res)
    const target = loadTarget(req, caller)
    const { disabled } = readJson(req, personUpdateSchema)
    if (disabled) refuseLastActiveOrSelf(caller, target)
    // Disabling ends their sessions in the same transaction: their next request is a 401.
    const updated = found(
      withActivity(
        db,
        (tx) => setPersonDisabled(tx, target.id, disabled),
        (person) =>
          person && {
            actor: actorOf(caller),
            action: disabled ? 'person-disabled' : 'person-enabled',
            type: 'person',
            itemId: person.id,
            itemTitle: person.name,
            chapterId: person.chapterId,
          },
      ),
      'Person',
    )
    res.json({
      success: true,
      message: disabled ? 'Disabled' : 'Enabled',
      person: toPersonDto(updated, caller.person.id),
    })
  })

  router.delete('/:id', (req, res) => {
    const caller = callerOf(res)
    const target = loadTarget(req, caller)
    refuseLastActiveOrSelf(caller, target)
    // Their sessions and reset links go with the row (foreign keys cascade): their next request is a 401.
    const removed = withActivity(
      db,
      (tx) => deletePerson(tx, target.id),
      (done) =>
        done
          ? {
              actor: actorOf(caller),
              action: 'person-removed',
              type: 'person',
              itemId: target.id,
              itemTitle: target.name,
              chapterId: target.chapterId,
            }
          : undefined,
    )
    if (!removed) throw new ApiError(404, 'Person not found.')
    res.json({ success: true, message: 'Removed' })
  })

  router.post('/:id/reset-link', adminOnly, (req, res) => {
    const caller = callerOf(res)
    const target = loadTarget(req, caller)
    const { token, hash } = newOneTimeToken()
    const reset = withActivity(
      db,
      (tx) => createPasswordReset(tx, target.id, hash),
      () => ({
        actor: actorOf(caller),
        action: 'reset-link-created',
        type: 'person',
        itemId: target.id,
        itemTitle: target.name,
        chapterId: target.chapterId,
      }),
    )
    // Shown to the administrator, who hands it over: for installations without email.
    res.status(201).json({
      success: true,
      message: 'Reset link created',
      resetLink: { url: resetUrl(ctx.env.publicUrl, token), expiresAt: reset.expiresAt.toISOString() },
    })
  })

  return router
}
