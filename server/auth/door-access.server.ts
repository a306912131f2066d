import type { Request, RequestHandler, Response } from 'express'
import { findDoorLink, updateDoorLink } from '#db/queries/check-ins.server'
import type { DoorLink } from '#db/schema'
import type { AppContext, Clock } from '../context.server'
import { type Env, servesHttps } from '../env.server'
import type { DoorVolunteer } from '../policy/principal.server'
import { readCookie } from './cookies.server'
import { loadSessionSecret } from './session-secret.server'
import { signClaims, verifiedClaims } from './tokens.server'

declare global {
  namespace Express {
    interface Request {
      /** The door volunteer a request acts for: set by the door middleware, only without a session. */
      door?: DoorVolunteer
      /** A door cookie naming a link that no longer lets anyone in: its page says so, not the sign-in. */
      doorEnded?: 'revoked' | 'expired'
    }
  }
}

const DOOR_AUDIENCE = 'chapter-site/door'
/** How often a door link's "last used" is written: not on every scan. */
const LAST_USED_EVERY_MS = 60_000

/**
 * The cookie name: `__Secure-` over https. Not `__Host-`, which demands `Path=/`: the door cookie is
 * scoped to the event's check-in page and API, and sent nowhere else.
 */
export const doorCookieName = (env: Pick<Env, 'publicUrl'>) =>
  `${servesHttps(env.publicUrl) ? '__Secure-' : ''}door`

/** The paths the door cookie is sent to: the check-in page and the check-in API of its event. */
export const doorCookiePaths = (eventId: string) => [
  `/dashboard/events/${eventId}/check-in`,
  `/api/events/${eventId}/check-ins`,
]

/** The requests a door cookie counts on: its event's check-in page (and its page data) and API. */
const DOOR_PATH =
  /^\/(?:api\/events\/[0-9a-f]{24}\/check-ins|dashboard\/events\/[0-9a-f]{24}\/check-in)(?:[/?.]|$)/

/** Whether a door link lets anyone in now: not revoked and not expired. */
export const doorLinkIsLive = (link: Pick<DoorLink, 'revokedAt' | 'expiresAt'>, now: number) =>
  link.revokedAt === null && link.expiresAt.getTime() > now

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type DoorAccess = {
  /** Sets `req.door` for a request without a session that carries a live door link's cookie. */
  middleware: RequestHandler
  /** After the right PIN: the door cookie, scoped to the event's check-in and expiring with the link. */
  grant: (res: Response, link: DoorLink) => Promise<void>
}

/**
 * Door links' cookies (docs/decisions/080-door-links.md): a JWT naming the link, signed with the session
 * secret. The link's row decides on every request, so revoking it or its expiry ends the access at once.
 */
export function createDoorAccess({ db, env }: AppContext, clock: Clock): DoorAccess {
  const secret = loadSessionSecret(env)
  const name = doorCookieName(env)
  const publicOrigin = new URL(env.publicUrl).origin
  const fromOwnOrigin = (req: Request) =>
    req.headers['sec-fetch-site'] === 'same-origin' ||
    req.headers.origin === publicOrigin ||
    req.headers.origin === `${req.protocol}://${req.headers.host}`

  const middleware: RequestHandler = async (req, _res, next) => {
    // Anywhere else a door cookie is nobody, even if a client sends it there.
    const cookie = req.principal || !DOOR_PATH.test(req.originalUrl) ? undefined : readCookie(req, name)
    if (cookie === undefined) {
      next()
      return
    }
    const now = clock()
    const claims = await verifiedClaims(secret, cookie, DOOR_AUDIENCE, ['dl'], new Date(now))
    const link = typeof claims?.dl === 'string' ? findDoorLink(db, claims.dl) : undefined
    // A write from another site with the cookie acts for nobody (the cookie is SameSite=Strict, too).
    if (link && !doorLinkIsLive(link, now)) req.doorEnded = link.revokedAt === null ? 'expired' : 'revoked'
    if (link && doorLinkIsLive(link, now) && (SAFE_METHODS.has(req.method) || fromOwnOrigin(req))) {
      if (link.lastUsedAt === null || now - link.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
        updateDoorLink(db, link.id, { lastUsedAt: new Date(now) })
      req.door = {
        role: 'door',
        doorLinkId: link.id,
        name: link.label,
        eventId: link.eventId,
        expiresAt: link.expiresAt,
      }
    }
    next()
  }

  return {
    middleware,
    grant: async (res, link) => {
      const now = clock()
      const token = await signClaims(secret, DOOR_AUDIENCE, { dl: link.id }, new Date(now), link.expiresAt)
      for (const path of doorCookiePaths(link.eventId)) {
        res.cookie(name, token, {
          httpOnly: true,
          sameSite: 'strict',
          secure: servesHttps(env.publicUrl),
          path,
          maxAge: Math.max(0, link.expiresAt.getTime() - now),
        })
      }
    },
  }
}
