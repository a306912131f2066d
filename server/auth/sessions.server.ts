import type { Request, RequestHandler, Response } from 'express'
import { recordSignIn } from '#db/queries/people.server'
import {
  createSession,
  deleteEndedSessions,
  deleteSession,
  deleteSessionByTokenHash,
  findLiveSession,
  touchSession,
} from '#db/queries/sessions.server'
import type { Chapter, User } from '#db/schema'
import type { AppContext, Clock } from '../context.server'
import type { Env } from '../env.server'
import { type Principal, toPrincipal } from '../policy/principal.server'
import { clearSessionCookies, cookieNames, readCookie, setSessionCookies } from './cookies.server'
import { hashToken, newOneTimeToken } from './one-time-tokens.server'
import { loadSessionSecret } from './session-secret.server'
import { readSessionToken, signSessionToken } from './tokens.server'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long sessions last (docs/decisions/011-sessions.md): at most SESSION_LIFETIME_DAYS (30) after signing
 * in, the token, its row and the cookies alike, and no longer than SESSION_IDLE_DAYS (7) unused.
 */
export const sessionLimits = (env: Pick<Env, 'SESSION_LIFETIME_DAYS' | 'SESSION_IDLE_DAYS'>) => ({
  lifetimeMs: env.SESSION_LIFETIME_DAYS * DAY_MS,
  idleMs: env.SESSION_IDLE_DAYS * DAY_MS,
})

/** The session a signed-in request came with; whom it acts for is its principal (server/policy/principal.server.ts). */
export type SignedInSession = {
  /** The session row's id (what the sessions list shows), not its token. */
  id: string
  transport: 'cookie' | 'bearer'
  /** A state-changing request authenticated by the cookie but not sent by the site itself (docs/decisions/011-sessions.md). */
  crossOrigin: boolean
  /** The person's row and their chapter's, as the session found them. */
  person: User
  chapter: Chapter | null
}

declare global {
  namespace Express {
    interface Request {
      /** Whom the request acts for: set by the session middleware when it carries a live session. */
      principal?: Principal
      /** That session. */
      session?: SignedInSession
    }
  }
}

export type Sessions = {
  /** Resolves the session of every API and page request; no database work without a token. */
  middleware: RequestHandler
  /**
   * Starts a session: a row, a signed token, and the cookies. The session the request's cookie carried,
   * if any, ends: signing in replaces it. Returns the token for Bearer clients.
   */
  start: (req: Request, res: Response, person: User) => Promise<string>
  /** Ends the session now and clears the cookies. */
  end: (res: Response, session: SignedInSession) => void
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  // A malformed Authorization header counts as a token that fails, never as no credentials at all.
  return match?.[1] ?? ''
}

export function createSessions({ db, env }: AppContext, clock: Clock): Sessions {
  const secret = loadSessionSecret(env)
  const publicOrigin = new URL(env.publicUrl).origin
  const cookieName = cookieNames(env).session
  const { lifetimeMs, idleMs } = sessionLimits(env)

  /** Same origin: the browser says so, or the Origin header names this site (PUBLIC_URL or the Host asked for). */
  const fromOwnOrigin = (req: Request) => {
    if (req.headers['sec-fetch-site'] === 'same-origin') return true
    const origin = req.headers.origin
    return (
      origin !== undefined && (origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`)
    )
  }

  /** The token's session token (the JWT's `sid`) hashed as the database keeps it, or null for no valid JWT. */
  const tokenHashOf = async (jwt: string, now: Date) => {
    const sessionToken = await readSessionToken(secret, jwt, now)
    return sessionToken === null ? null : hashToken(sessionToken)
  }

  const middleware: RequestHandler = async (req, res, next) => {
    const bearer = bearerToken(req)
    const cookie = readCookie(req, cookieName)
    if (bearer === undefined && cookie === undefined) {
      next()
      return
    }
    const transport = bearer === undefined ? 'cookie' : 'bearer'
    const now = new Date(clock())
    const tokenHash = await tokenHashOf(bearer ?? cookie ?? '', now)
    const found = tokenHash
      ? findLiveSession(db, tokenHash, now, new Date(now.getTime() - idleMs))
      : undefined
    const principal = found ? toPrincipal(found.person, found.chapter) : null
    if (!found || !principal) {
      if (transport === 'cookie') clearSessionCookies(res, env)
      next()
      return
    }
    touchSession(db, found.session, now)
    req.principal = principal
    req.session = {
      id: found.session.id,
      transport,
      crossOrigin: transport === 'cookie' && !SAFE_METHODS.has(req.method) && !fromOwnOrigin(req),
      person: found.person,
      chapter: found.chapter,
    }
    next()
  }

  return {
    middleware,
    start: async (req, res, person) => {
      const now = new Date(clock())
      const expiresAt = new Date(now.getTime() + lifetimeMs)
      // The session this browser held ends: nothing outlives a new sign-in in the same cookie.
      const previous = readCookie(req, cookieName)
      const previousHash = previous === undefined ? null : await tokenHashOf(previous, now)
      if (previousHash) deleteSessionByTokenHash(db, previousHash)
      deleteEndedSessions(db, now, new Date(now.getTime() - idleMs))
      // The JWT carries a random token; the row keeps only its SHA-256 (a backup opens no session).
      const { token: sessionToken, hash } = newOneTimeToken()
      createSession(db, {
        userId: person.id,
        tokenHash: hash,
        expiresAt,
        userAgent: req.headers['user-agent'] ?? '',
        now,
      })
      recordSignIn(db, person.id, now)
      const token = await signSessionToken(secret, sessionToken, now, expiresAt)
      setSessionCookies(res, env, token, lifetimeMs)
      return token
    },
    end: (res, session) => {
      deleteSession(db, session.id)
      clearSessionCookies(res, env)
    },
  }
}
