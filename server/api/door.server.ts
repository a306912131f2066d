import express, { type Router } from 'express'
import { formatLocalDateTime } from '#components/shared/dates'
import { localDateTimeOf } from '#db/clock'
import { doorPinSchema, linkTokenSchema } from '#db/validation'
import type { DoorAccess } from '../auth/door-access.server'
import type { DoorLinks } from '../services/door-links.server'
import type { RenderForVisitor } from './pages.server'

/** What the door page shows: the PIN form, or why the link lets nobody in. */
export type DoorPageState = {
  state: 'open' | 'locked' | 'expired' | 'revoked' | 'not-yet'
  label: string
  /** Why the last PIN was refused. */
  message?: string
}

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The door link page (server/api/door.server.ts): set only for /door/<token>. */
      doorPage?: DoorPageState
    }
  }
}

const readForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 })

/**
 * A door link (docs/decisions/080-door-links.md): `/door/<token>` asks for the PIN, without scripts; the
 * right PIN sets the door cookie and goes on to the event's check-in page. Five wrong PINs lock the link
 * for 15 minutes.
 */
export function createDoorRouter(
  doorLinks: DoorLinks,
  doorAccess: DoorAccess,
  options: { timeZone: string; renderForVisitor: RenderForVisitor | undefined },
): Router {
  const router = express.Router()
  const { renderForVisitor } = options
  const show = async (
    req: express.Request,
    res: express.Response,
    status: number,
    doorPage: DoorPageState,
  ) => {
    if (!renderForVisitor) {
      res
        .status(status)
        .type('text/plain')
        .send(doorPage.message ?? doorPage.state)
      return
    }
    await renderForVisitor(req, res, { urlOriginal: '/door', status, pageContext: { doorPage } })
  }
  const statusOf = { open: 200, locked: 429, expired: 410, revoked: 410, 'not-yet': 403 } as const
  const lockedText = (until: Date) =>
    `Too many wrong PINs: this link is locked until ${localDateTimeOf(until.getTime(), options.timeZone).slice(11)} (${options.timeZone} time).`
  const notYetText = (opensAt: Date) =>
    `This door link opens on ${formatLocalDateTime(localDateTimeOf(opensAt.getTime(), options.timeZone))} (${options.timeZone} time), 24 hours before the event starts.`

  router.get('/door/:token', async (req, res, next) => {
    try {
      const token = linkTokenSchema.safeParse(req.params.token)
      const { link, state, opensAt } = token.success
        ? doorLinks.find(token.data)
        : { link: undefined, state: null, opensAt: undefined }
      if (!link || !state || state === 'not-found') {
        next()
        return
      }
      const message =
        state === 'locked' && link.lockedUntil
          ? lockedText(link.lockedUntil)
          : state === 'not-yet' && opensAt
            ? notYetText(opensAt)
            : undefined
      await show(req, res, statusOf[state], { state, label: link.label, message })
    } catch (error) {
      next(error)
    }
  })

  router.post('/door/:token', readForm, async (req, res, next) => {
    try {
      const token = linkTokenSchema.safeParse(req.params.token)
      if (!token.success) {
        next()
        return
      }
      const { link } = doorLinks.find(token.data)
      if (!link) {
        next()
        return
      }
      const pin = doorPinSchema.safeParse({ pin: (req.body as { pin?: unknown })?.pin ?? '' })
      if (!pin.success) {
        await show(req, res, 400, {
          state: 'open',
          label: link.label,
          message: pin.error.issues[0]?.message ?? 'The PIN is six digits',
        })
        return
      }
      const opening = doorLinks.open(token.data, pin.data.pin)
      switch (opening.outcome) {
        case 'open':
          await doorAccess.grant(res, opening.link)
          res.redirect(303, `/dashboard/events/${opening.link.eventId}/check-in`)
          return
        case 'wrong-pin':
          await show(req, res, 400, {
            state: 'open',
            label: link.label,
            message: `Wrong PIN: ${opening.attemptsLeft} ${opening.attemptsLeft === 1 ? 'try' : 'tries'} left before the link locks for 15 minutes.`,
          })
          return
        case 'locked':
          await show(req, res, 429, {
            state: 'locked',
            label: link.label,
            message: lockedText(opening.until),
          })
          return
        case 'not-yet':
          await show(req, res, 403, {
            state: 'not-yet',
            label: link.label,
            message: notYetText(opening.opensAt),
          })
          return
        case 'not-found':
          next()
          return
        default:
          await show(req, res, 410, { state: opening.outcome, label: link.label })
      }
    } catch (error) {
      next(error)
    }
  })

  return router
}
