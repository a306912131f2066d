import express, { type Router } from 'express'
import { findEventById } from '#db/queries/events.server'
import type { Event } from '#db/schema'
import { checkInSchema, checkInSearchSchema, doorLinkSchema, idParamSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { requireCheckInPrincipal, requirePermission } from '../policy/require.server'
import { answerOf, type CheckIns } from '../services/check-ins.server'
import type { DoorLinks } from '../services/door-links.server'
import { qrSvgOf } from '../services/tickets.server'
import { found, readId, readJson, readParam, readQuery } from './input.server'
import { checkInLimit, doorSearchLimit } from './rate-limits.server'

/**
 * The door (docs/product.md#at-the-door): check-ins, their undo, the roster a door phone keeps offline, the
 * live counts and the search, for the event's officers, administrators and its door links; and the door
 * links themselves, for the officers and administrators only.
 */
export function createCheckInsRouter(
  ctx: AppContext,
  { checkIns, doorLinks }: { checkIns: CheckIns; doorLinks: DoorLinks },
): Router {
  const { db } = ctx
  const router = express.Router()
  const loadEvent = (req: express.Request): Event => found(findEventById(db, readId(req)), 'Event')
  /** The event, and who acts at its door. */
  const atDoor = (req: express.Request) => {
    const event = loadEvent(req)
    return { event, principal: requireCheckInPrincipal(req, event) }
  }

  router.post('/:id/check-ins', checkInLimit(ctx), (req, res) => {
    const { event, principal } = atDoor(req)
    const answer = checkIns.checkIn(event, principal, readJson(req, checkInSchema))
    res.status(answer.status).json(answerOf(answer))
  })

  router.get('/:id/check-ins/roster', (req, res) => {
    const { event, principal } = atDoor(req)
    res.json({ success: true, ...checkIns.roster(event, principal) })
  })

  router.get('/:id/check-ins/summary', (req, res) => {
    const { event } = atDoor(req)
    res.json({ success: true, ...checkIns.summary(event.id) })
  })

  router.get('/:id/check-ins/search', doorSearchLimit(ctx), (req, res) => {
    const { event, principal } = atDoor(req)
    const { q } = readQuery(req, checkInSearchSchema)
    res.json({ success: true, attendees: checkIns.search(event.id, q, principal) })
  })

  router.delete('/:id/check-ins/:registrationId', checkInLimit(ctx), (req, res) => {
    const { event, principal } = atDoor(req)
    const registrationId = readParam(req, 'registrationId', idParamSchema)
    res.json({ success: true, attendee: checkIns.undo(event, principal, registrationId) })
  })

  router.post('/:id/door-links', async (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'manage:door-links', event)
    const { label } = readJson(req, doorLinkSchema)
    const doorLink = doorLinks.create(event, principal, label)
    // The link as a QR code, for the volunteer's phone to scan off the officer's screen.
    res.status(201).json({ success: true, doorLink: { ...doorLink, qrSvg: await qrSvgOf(doorLink.url) } })
  })

  router.get('/:id/door-links', (req, res) => {
    const event = loadEvent(req)
    requirePermission(req, 'manage:door-links', event)
    res.json({ success: true, doorLinks: doorLinks.list(event.id) })
  })

  router.delete('/:id/door-links/:linkId', (req, res) => {
    const event = loadEvent(req)
    const principal = requirePermission(req, 'manage:door-links', event)
    const linkId = readParam(req, 'linkId', idParamSchema)
    res.json({
      success: true,
      message: 'Door link revoked',
      doorLink: doorLinks.revoke(event, principal, linkId),
    })
  })

  return router
}
