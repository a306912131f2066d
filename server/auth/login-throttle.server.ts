import { ipKeyGenerator } from 'express-rate-limit'
import type { Database } from '../../db/client.server'
import { logActivity, SYSTEM_ACTOR } from '../../db/queries/activity.server'
import {
  deleteStaleThrottles,
  deleteThrottle,
  findThrottle,
  saveThrottle,
} from '../../db/queries/login-throttle.server'
import { IPV6_SUBNET } from '../rate-limits.server'

/** docs/decisions/012-passwords-and-sign-in-throttle.md: after 5 failed sign-ins in 15 minutes, per account and per client address, 429. */
export const LOGIN_FAILURES_ALLOWED = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

export type LoginAttempt = { accountKey: string; addressKey: string }
export type ThrottleVerdict = { attempt: LoginAttempt } | { retryAfterSeconds: number }

export type LoginThrottle = {
  /**
   * Counts the attempt as a failure against the account and the address before the password is checked,
   * so that parallel guesses cannot slip past the limit; or refuses it while either is locked. The address
   * is keyed as the rate limits key it: an IPv6 address by its /56, as one host gets many.
   */
  begin: (email: string, address: string) => ThrottleVerdict
  /** The password was right: the account starts afresh and the address gets its attempt back. */
  succeeded: (attempt: LoginAttempt) => void
}

/** Kept in the database (login_throttle), so a restart does not hand out new attempts. */
export function createLoginThrottle(db: Database, scale: number, clock = () => Date.now()): LoginThrottle {
  const allowance = Math.max(1, Math.floor(LOGIN_FAILURES_ALLOWED * scale))

  return {
    begin: (email, address) => {
      const attempt = {
        accountKey: `account:${email.toLowerCase()}`,
        addressKey: `address:${ipKeyGenerator(address, IPV6_SUBNET)}`,
      }
      const keys = [attempt.accountKey, attempt.addressKey]
      return db.transaction((tx): ThrottleVerdict => {
        const now = clock()
        const rows = keys.map((key) => findThrottle(tx, key))
        const lockedUntil = Math.max(0, ...rows.map((row) => row?.lockedUntil?.getTime() ?? 0))
        if (lockedUntil > now) return { retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) }
        keys.forEach((key, index) => {
          const row = rows[index]
          const current = row && now - row.windowStartedAt.getTime() < LOGIN_WINDOW_MS ? row : undefined
          const failures = (current?.failures ?? 0) + 1
          // One log entry per lock: the attempt that locks it; the email (or address) tried, never a password.
          if (failures === allowance)
            logActivity(tx, {
              actor: SYSTEM_ACTOR,
              action: 'sign-in-locked',
              type: 'session',
              itemTitle: key.slice(key.indexOf(':') + 1),
              chapterId: null,
              details: { failures, lockedMinutes: LOGIN_WINDOW_MS / 60_000 },
              now: new Date(now),
            })
          saveThrottle(tx, {
            key,
            failures,
            windowStartedAt: current?.windowStartedAt ?? new Date(now),
            lockedUntil: failures >= allowance ? new Date(now + LOGIN_WINDOW_MS) : null,
          })
        })
        deleteStaleThrottles(tx, new Date(now - LOGIN_WINDOW_MS), new Date(now))
        return { attempt }
      })
    },
    succeeded: ({ accountKey, addressKey }) => {
      db.transaction((tx) => {
        deleteThrottle(tx, accountKey)
        const row = findThrottle(tx, addressKey)
        if (!row) return
        const failures = row.failures - 1
        if (failures <= 0) deleteThrottle(tx, addressKey)
        else
          saveThrottle(tx, { ...row, failures, lockedUntil: failures >= allowance ? row.lockedUntil : null })
      })
    },
  }
}
