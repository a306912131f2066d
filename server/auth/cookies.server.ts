import type { CookieOptions, Request, Response } from 'express'
import { SIGNED_IN_HINT_COOKIE } from '../../components/layout/signed-in-hint'
import { type Env, servesHttps } from '../env.server'
import { SESSION_LIFETIME_MS } from './tokens.server'

/** The httpOnly cookie that carries the session token (docs/decisions/011-sessions.md). */
export const SESSION_COOKIE = 'session'

/** The value of a cookie in the request's Cookie header, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue
    const value = pair.slice(separator + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

function cookieOptions(env: Env, httpOnly: boolean): CookieOptions {
  return {
    httpOnly,
    sameSite: 'lax',
    path: '/',
    secure: servesHttps(env.publicUrl),
  }
}

/** The session cookie, and beside it the readable hint that makes the header show the Dashboard link. */
export function setSessionCookies(res: Response, env: Env, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(env, true), maxAge: SESSION_LIFETIME_MS })
  res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions(env, false), maxAge: SESSION_LIFETIME_MS })
}

export function clearSessionCookies(res: Response, env: Env): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(env, true))
  res.clearCookie(SIGNED_IN_HINT_COOKIE, cookieOptions(env, false))
}
