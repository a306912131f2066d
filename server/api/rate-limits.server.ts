import type { Request, RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import { IPV6_SUBNET } from '../auth/login-throttle.server'
import type { AppContext } from '../context.server'
import { sendError } from './errors.server'

/**
 * Request limits per client address (docs/decisions/025-request-rate-limits.md), kept in memory: a restart forgets them, which is fine for
 * limits of a minute. Every limit is multiplied by RATE_LIMIT_SCALE (docs/decisions/019-configuration-by-environment.md), as the login throttle
 * is (server/auth/login-throttle.server.ts). The address is `req.ip`: the peer, or, when the peer is a
 * proxy TRUST_PROXY names, the address that proxy saw; IPv6 addresses count per /56, as one household or
 * host gets many.
 */

const WINDOW_MS = 60_000

/** API writes (POST, PUT, PATCH, DELETE) per address and minute: far above what an officer's console sends. */
export const API_WRITES_PER_MINUTE = 120

/** Contact messages per address and minute (docs/decisions/025-request-rate-limits.md). */
export const CONTACT_MESSAGES_PER_MINUTE = 10

/**
 * Registrations for events per address (docs/decisions/073-registration-rate-limits.md): a person registers once per event; a lab
 * behind one NAT address registers a class in a few minutes, not thousands of people an hour.
 */
export const REGISTRATIONS_PER_MINUTE = 20
export const REGISTRATIONS_PER_HOUR = 120

/**
 * Check-ins (and their undo) per address and minute: a door phone lets 300 people in within minutes and
 * sends a queue of offline scans at once when it is back online; several phones may share one address.
 */
export const CHECK_INS_PER_MINUTE = 1200

/** The check-in API's writes, counted by checkInLimit instead of the general write limit. */
const CHECK_IN_PATH = /^\/events\/[^/]+\/check-ins(?:\/|$)/
/**
 * A registration, counted by registrationLimits (20 a minute, 120 an hour) rather than by the general
 * write limit as well: a third limiter on the path every member of a crowd takes at once, for what the
 * registration limits already bound (docs/decisions/088-registration-burst-turns.md).
 */
const REGISTRATION_PATH = /^\/events\/[^/]+\/registrations$/

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function scaledLimit(perWindow: number, scale: number): number {
  return Math.max(1, Math.floor(perWindow * scale))
}

function perAddressLimit(
  { env, logger }: AppContext,
  options: {
    name: string
    /** Requests allowed per window (a minute unless `windowMs` says otherwise). */
    perMinute: number
    what: string
    skip?: (req: Request) => boolean
    /** Outside /api: the refusal is left in `res.locals.rateLimited` for the page that answers it. */
    pages?: boolean
    /** The window, a minute unless said. */
    windowMs?: number
  },
): RequestHandler {
  const windowMs = options.windowMs ?? WINDOW_MS
  return rateLimit({
    windowMs,
    limit: scaledLimit(options.perMinute, env.RATE_LIMIT_SCALE),
    identifier: options.name,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ipv6Subnet: IPV6_SUBNET,
    skip: options.skip,
    // TRUST_PROXY decides whose X-Forwarded-For counts; a header from an untrusted client is ignored on purpose.
    validate: { xForwardedForHeader: false, forwardedHeader: false },
    logger: {
      warn: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter warning'),
      error: (error, message) => logger.error({ err: error }, message ?? 'rate limiter error'),
    },
    handler: (req, res, next) => {
      const seconds = Number(res.getHeader('Retry-After')) || Math.ceil(windowMs / 1000)
      logger.warn({ limit: options.name, method: req.method, url: req.originalUrl }, 'Rate limit reached')
      const message = `Too many ${options.what}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
      if (options.pages && !req.originalUrl.startsWith('/api/')) {
        res.locals.rateLimited = message
        next()
        return
      }
      sendError(res, 429, message)
    },
  })
}

/** Every state-changing API request counts; reads are not limited here. */
export function apiWriteLimit(ctx: AppContext): RequestHandler {
  return perAddressLimit(ctx, {
    name: 'api-writes',
    perMinute: API_WRITES_PER_MINUTE,
    what: 'changes from this address',
    skip: (req) =>
      !WRITE_METHODS.has(req.method) ||
      CHECK_IN_PATH.test(req.path) ||
      (req.method === 'POST' && REGISTRATION_PATH.test(req.path)),
  })
}

const checkInLimits = new WeakMap<AppContext, RequestHandler>()

/** POST and DELETE of /api/events/{id}/check-ins: one generous count per address (one limiter per app). */
export function checkInLimit(ctx: AppContext): RequestHandler {
  let limit = checkInLimits.get(ctx)
  if (!limit) {
    limit = perAddressLimit(ctx, {
      name: 'check-ins',
      perMinute: CHECK_INS_PER_MINUTE,
      what: 'check-ins from this address',
    })
    checkInLimits.set(ctx, limit)
  }
  return limit
}

/** A door link's searches per address and minute (docs/decisions/090-door-search.md). */
export const DOOR_SEARCHES_PER_MINUTE = 30

const doorSearchLimits = new WeakMap<AppContext, RequestHandler>()

/** The door search's limit, for door links only: officers search their own attendees freely. */
export function doorSearchLimit(ctx: AppContext): RequestHandler {
  let limit = doorSearchLimits.get(ctx)
  if (!limit) {
    limit = perAddressLimit(ctx, {
      name: 'door-searches',
      perMinute: DOOR_SEARCHES_PER_MINUTE,
      what: 'searches from this address',
      skip: (req) => req.door === undefined,
    })
    doorSearchLimits.set(ctx, limit)
  }
  return limit
}

/** An attendee's certificate downloads per address and minute (each once cost a render). */
export const CERTIFICATE_DOWNLOADS_PER_MINUTE = 10

/** The limit of `/registrations/{token}/certificate.pdf`. */
export function certificateDownloadLimit(ctx: AppContext): RequestHandler {
  return perAddressLimit(ctx, {
    name: 'certificate-downloads',
    perMinute: CERTIFICATE_DOWNLOADS_PER_MINUTE,
    what: 'certificate downloads from this address',
  })
}

const contactLimits = new WeakMap<AppContext, RequestHandler>()

/**
 * POST /api/contact and the contact page's plain POST: at most 10 messages a minute per address, counted
 * together (one limiter per app), bots caught by the honeypot included. The page answers its refusal
 * itself, from `res.locals.rateLimited`.
 */
export function contactMessageLimit(ctx: AppContext): RequestHandler {
  let limit = contactLimits.get(ctx)
  if (!limit) {
    limit = perAddressLimit(ctx, {
      name: 'contact',
      perMinute: CONTACT_MESSAGES_PER_MINUTE,
      what: 'messages from this address',
      pages: true,
    })
    contactLimits.set(ctx, limit)
  }
  return limit
}

/**
 * POST /api/events/{id}/registrations and the event page's form: 20 a minute and 120 an hour per address,
 * counted together (make them once and use them on both). Outside /api the refusal is left in
 * `res.locals.rateLimited` for the form's page to answer.
 */
export function registrationLimits(ctx: AppContext): RequestHandler[] {
  return [
    perAddressLimit(ctx, {
      name: 'registrations-minute',
      perMinute: REGISTRATIONS_PER_MINUTE,
      what: 'registrations from this address',
      pages: true,
    }),
    perAddressLimit(ctx, {
      name: 'registrations-hour',
      perMinute: REGISTRATIONS_PER_HOUR,
      windowMs: 60 * WINDOW_MS,
      what: 'registrations from this address',
      pages: true,
    }),
  ]
}

/** "Send me my link" requests per address and minute: enough for someone who lost a mail, too few to flood inboxes. */
export const REGISTRATION_LINKS_PER_MINUTE = 5

const registrationLinkLimits = new WeakMap<AppContext, RequestHandler>()

/**
 * POST /api/events/{id}/registrations/link and the event page's form of the same, counted together (one
 * limiter per app). Outside /api the refusal is left in `res.locals.rateLimited` for the page.
 */
export function registrationLinkLimit(ctx: AppContext): RequestHandler {
  let limit = registrationLinkLimits.get(ctx)
  if (!limit) {
    limit = perAddressLimit(ctx, {
      name: 'registration-links',
      perMinute: REGISTRATION_LINKS_PER_MINUTE,
      what: 'link requests from this address',
      pages: true,
    })
    registrationLinkLimits.set(ctx, limit)
  }
  return limit
}

/** Certificate look-ups per address and minute: plenty for people checking certificates, few for guessing serials. */
export const CERTIFICATE_LOOKUPS_PER_MINUTE = 30

const certificateLimits = new WeakMap<AppContext, RequestHandler>()

/**
 * GET /api/certificates/{serial} and the verification page /certificates/{serial}, counted together (one
 * limiter per app). Outside /api the refusal is a plain 429 page.
 */
export function certificateLookupLimit(ctx: AppContext): RequestHandler {
  let limit = certificateLimits.get(ctx)
  if (!limit) {
    const counting = perAddressLimit(ctx, {
      name: 'certificate-lookups',
      perMinute: CERTIFICATE_LOOKUPS_PER_MINUTE,
      what: 'certificate look-ups from this address',
      pages: true,
    })
    limit = (req, res, next) =>
      counting(req, res, (error?: unknown) => {
        if (error || typeof res.locals.rateLimited !== 'string') {
          next(error)
          return
        }
        res.status(429).type('text/plain').send(res.locals.rateLimited)
      })
    certificateLimits.set(ctx, limit)
  }
  return limit
}
