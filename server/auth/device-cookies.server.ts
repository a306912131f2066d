import { randomBytes } from 'node:crypto'
import type { Request, Response } from 'express'
import type { Env } from '../env.server'
import { cookieNames, readCookie, setDeviceCookie } from './cookies.server'
import { loadSessionSecret } from './session-secret.server'
import { signClaims, verifiedClaims } from './tokens.server'

/**
 * Device cookies (OWASP's defence against account lockout, docs/decisions/012-passwords-and-sign-in-throttle.md):
 * a browser where an account signed in with its password gets a signed cookie naming that account and a
 * random nonce. While the account is under attack, a sign-in bringing it is counted on its own (per nonce)
 * instead of under the account's delay, so the person gets in from where they usually do.
 */

const DEVICE_AUDIENCE = 'chapter-site/device'

/** A browser stays known for a year after its latest sign-in (each sign-in issues a new cookie). */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000

export type DeviceCookies = {
  /**
   * The nonce of the request's device cookie when this server issued it for `email` and it has not expired;
   * null for no cookie, a forged or expired one, or one of another account.
   */
  knownDevice: (req: Request, email: string, now: Date) => Promise<string | null>
  /** Gives the browser a new device cookie for `email`, with a fresh nonce. */
  remember: (res: Response, email: string, now: Date) => Promise<void>
}

export function createDeviceCookies(env: Env): DeviceCookies {
  // The session secret, under an audience of its own: a device cookie is never a session token.
  const secret = loadSessionSecret(env)
  const name = cookieNames(env).device
  return {
    knownDevice: async (req, email, now) => {
      const cookie = readCookie(req, name)
      if (cookie === undefined) return null
      const claims = await verifiedClaims(secret, cookie, DEVICE_AUDIENCE, ['sub', 'jti'], now)
      if (!claims || claims.sub !== email.toLowerCase() || typeof claims.jti !== 'string') return null
      return claims.jti
    },
    remember: async (res, email, now) => {
      const nonce = randomBytes(16).toString('base64url')
      const expiresAt = new Date(now.getTime() + DEVICE_COOKIE_LIFETIME_MS)
      const token = await signClaims(
        secret,
        DEVICE_AUDIENCE,
        { sub: email.toLowerCase(), jti: nonce },
        now,
        expiresAt,
      )
      setDeviceCookie(res, env, token, DEVICE_COOKIE_LIFETIME_MS)
    },
  }
}
