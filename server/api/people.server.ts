import express, { type Router } from 'express'
import { toPersonDto } from '#db/dto'
import { deletePerson, findPersonById, listPeople, setPersonDisabled } from '#db/queries/people.server'
import { peopleQuerySchema, personUpdateSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import { adminOnly, principalOf, requirePermission, signedIn } from '../policy/require.server'
import { itemOf, recordChange } from '../services/activity.server'
import { newResetLink } from '../services/links.server'
import { peopleGroup, refuseLastActive } from '../services/people.server'
import { found, readId, readJson, readQuery } from './input.server'

/**
 * People: an administrator sees and manages everyone, an officer the officers of their own chapter.
 * Nobody disables or removes themselves here, and no chapter (nor the site) loses its last active person.
 */
export function createPeopleRouter(ctx: AppContext): Router {
  const { db } = ctx
  const router = express.Router()
  router.use(signedIn)

  /** The person of `:id` and the principal who may manage them: 404 unknown, 403 outside their reach. */
  const loadTarget = (req: express.Request) => {
    const target = found(findPersonById(db, readId(req)), 'Person')
    return { target, principal: requirePermission(req, 'manage:person', target) }
  }

  router.get('/', (req, res) => {
    const principal = principalOf(req)
    const { chapterSlug } = readQuery(req, peopleQuerySchema)
    const { chapter } = peopleGroup(db, principal, chapterSlug)
    const people = listPeople(db, chapter?.id ?? null).map((person) =>
      toPersonDto(person, principal.personId),
    )
    res.json({ success: true, people })
  })

  router.patch('/:id', (req, res) => {
    const { target, principal } = loadTarget(req)
    const { disabled } = readJson(req, personUpdateSchema)
    if (disabled) refuseLastActive(db, principal, target)
    // Disabling ends their sessions in the same transaction: their next request is a 401.
    const updated = found(
      recordChange(
        db,
        principal,
        (tx) => setPersonDisabled(tx, target.id, disabled),
        (person) =>
          person && { action: disabled ? 'person-disabled' : 'person-enabled', item: itemOf.person(person) },
      ),
      'Person',
    )
    res.json({
      success: true,
      message: disabled ? 'Disabled' : 'Enabled',
      person: toPersonDto(updated, principal.personId),
    })
  })

  router.delete('/:id', (req, res) => {
    const { target, principal } = loadTarget(req)
    refuseLastActive(db, principal, target)
    // Their sessions and reset links go with the row (foreign keys cascade): their next request is a 401.
    const removed = recordChange(
      db,
      principal,
      (tx) => deletePerson(tx, target.id),
      (done) => (done ? { action: 'person-removed', item: itemOf.person(target) } : undefined),
    )
    if (!removed) throw new ApiError(404, 'Person not found.')
    res.json({ success: true, message: 'Removed' })
  })

  router.post('/:id/reset-link', adminOnly, (req, res) => {
    const { target, principal } = loadTarget(req)
    const { reset, url } = recordChange(
      db,
      principal,
      (tx) => newResetLink(tx, ctx.env.publicUrl, target.id),
      () => ({ action: 'reset-link-created', item: itemOf.person(target) }),
    )
    // Shown to the administrator, who hands it over: for installations without email.
    res.status(201).json({
      success: true,
      message: 'Reset link created',
      resetLink: { url, expiresAt: reset.expiresAt.toISOString() },
    })
  })

  return router
}
