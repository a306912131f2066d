import type { CookieOptions, Request, Response } from 'express'
import { HOST_ONLY_PREFIX, SIGNED_IN_HINT_COOKIE } from '#components/shared/signed-in-hint'
import { type Env, servesHttps } from '../env.server'

/** The httpOnly cookie that carries the session token (docs/decisions/011-sessions.md). */
export const SESSION_COOKIE = 'session'

/** The httpOnly cookie that marks a browser where an account signed in before (docs/decisions/012-passwords-and-sign-in-throttle.md). */
export const DEVICE_COOKIE = 'device'

export type CookieNames = { session: string; signedInHint: string; device: string }

/**
 * The names of the site's cookies: over https (PUBLIC_URL) with the `__Host-` prefix, which makes the
 * browser insist on Secure, `Path=/` and no `Domain`: a neighbouring host or a plain-http answer cannot
 * plant or overwrite them. Every reader and writer of these cookies takes the names from here.
 */
export function cookieNames(env: Pick<Env, 'publicUrl'>): CookieNames {
  const prefix = servesHttps(env.publicUrl) ? HOST_ONLY_PREFIX : ''
  return {
    session: `${prefix}${SESSION_COOKIE}`,
    signedInHint: `${prefix}${SIGNED_IN_HINT_COOKIE}`,
    device: `${prefix}${DEVICE_COOKIE}`,
  }
}

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
export function setSessionCookies(res: Response, env: Env, token: string, maxAgeMs: number): void {
  const names = cookieNames(env)
  res.cookie(names.session, token, { ...cookieOptions(env, true), maxAge: maxAgeMs })
  res.cookie(names.signedInHint, '1', { ...cookieOptions(env, false), maxAge: maxAgeMs })
}

export function clearSessionCookies(res: Response, env: Env): void {
  const names = cookieNames(env)
  res.clearCookie(names.session, cookieOptions(env, true))
  res.clearCookie(names.signedInHint, cookieOptions(env, false))
}

/** The device cookie: sent with sign-ins only, so SameSite=Strict costs nothing. */
export function setDeviceCookie(res: Response, env: Env, token: string, maxAgeMs: number): void {
  res.cookie(cookieNames(env).device, token, {
    ...cookieOptions(env, true),
    sameSite: 'strict',
    maxAge: maxAgeMs,
  })
}
