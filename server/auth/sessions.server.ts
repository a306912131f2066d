import type { Request, RequestHandler, Response } from 'express'
import { toUserInfo, type UserInfo } from '../../db/dto'
import { recordSignIn } from '../../db/queries/people.server'
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  touchSession,
} from '../../db/queries/sessions.server'
import type { Chapter, User } from '../../db/schema'
import type { AppContext } from '../context.server'
import { clearSessionCookies, readCookie, SESSION_COOKIE, setSessionCookies } from './cookies.server'
import { loadSessionSecret } from './session-secret.server'
import { readSessionToken, SESSION_LIFETIME_MS, signSessionToken } from './tokens.server'

/** Who made the request, as the session middleware found it. */
export type Caller = {
  person: User
  /** The officer's chapter; null for an administrator. */
  chapter: Chapter | null
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
  /** Starts a session: a row, a signed token, and the cookies. Returns the token for Bearer clients. */
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

export function createSessions({ db, env }: AppContext): Sessions {
  const secret = loadSessionSecret(env)
  const publicOrigin = new URL(env.publicUrl).origin

  /** Same origin: the browser says so, or the Origin header names this site (PUBLIC_URL or the Host asked for). */
  const fromOwnOrigin = (req: Request) => {
    if (req.headers['sec-fetch-site'] === 'same-origin') return true
    const origin = req.headers.origin
    return (
      origin !== undefined && (origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`)
    )
  }

  const middleware: RequestHandler = async (req, res, next) => {
    const bearer = bearerToken(req)
    const cookie = readCookie(req, SESSION_COOKIE)
    if (bearer === undefined && cookie === undefined) {
      next()
      return
    }
    const transport = bearer === undefined ? 'cookie' : 'bearer'
    const sessionId = await readSessionToken(secret, bearer ?? cookie ?? '')
    const found = sessionId ? findLiveSession(db, sessionId) : undefined
    if (!found) {
      if (transport === 'cookie') clearSessionCookies(res, env)
      next()
      return
    }
    touchSession(db, found.session)
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
      const now = new Date()
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
      deleteExpiredSessions(db)
      const session = createSession(db, person.id, expiresAt, req.headers['user-agent'] ?? '')
      recordSignIn(db, person.id, now)
      const token = await signSessionToken(secret, session.id, expiresAt)
      setSessionCookies(res, env, token)
      return token
    },
    end: (res, caller) => {
      deleteSession(db, caller.sessionId)
      clearSessionCookies(res, env)
    },
  }
}
