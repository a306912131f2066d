import type { Request, RequestHandler, Response } from 'express'
import { toUserInfo, type UserInfo } from '../../db/dto'
import { recordSignIn } from '../../db/queries/people.server'
import {
  createSession,
  deleteEndedSessions,
  deleteSession,
  deleteSessionByTokenHash,
  findLiveSession,
  touchSession,
} from '../../db/queries/sessions.server'
import type { Chapter, User } from '../../db/schema'
import type { AppContext, Clock } from '../context.server'
import type { Env } from '../env.server'
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

/** Who made the request, as the session middleware found it. */
export type Caller = {
  person: User
  /** The officer's chapter; null for an administrator. */
  chapter: Chapter | null
  /** The session row's id (what the sessions list shows), not its token. */
  sessionId: string
  transport: 'cookie' | 'bearer'
  /** A state-changing request authenticated by the cookie but not sent by the site itself (docs/decisions/011-sessions.md). */
  crossOrigin: boolean
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by the session middleware when the request carries a live session. */
      caller?: Caller
      /** The same account as pages see it (pageContext.user). */
      pageUser?: UserInfo
      /** Whose records the page shows: the officer's chapter id, or the administrator's own id (server only). */
      pageAccountId?: string
      /** The signed-in person's id (server only). */
      pagePersonId?: string
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
  /** Ends the caller's session now and clears the cookies. */
  end: (res: Response, caller: Caller) => void
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
    if (!found) {
      if (transport === 'cookie') clearSessionCookies(res, env)
      next()
      return
    }
    touchSession(db, found.session, now)
    res.locals.caller = {
      person: found.person,
      chapter: found.chapter,
      sessionId: found.session.id,
      transport,
      crossOrigin: transport === 'cookie' && !SAFE_METHODS.has(req.method) && !fromOwnOrigin(req),
    }
    res.locals.pageUser = toUserInfo(found.person, found.chapter)
    res.locals.pageAccountId = found.chapter?.id ?? found.person.id
    res.locals.pagePersonId = found.person.id
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
    end: (res, caller) => {
      deleteSession(db, caller.sessionId)
      clearSessionCookies(res, env)
    },
  }
}
