import { ipKeyGenerator } from 'express-rate-limit'
import type { Database, Queryable } from '#db/client.server'
import { logActivity, SYSTEM_ACTOR } from '#db/queries/activity.server'
import {
  deleteStaleThrottles,
  deleteThrottle,
  findThrottle,
  saveThrottle,
  type ThrottleRow,
} from '#db/queries/login-throttle.server'
import { type Clock, systemClock } from '../context.server'

/** Addresses in one IPv6 /56 count as one client here and in the login throttle. */
export const IPV6_SUBNET = 56

/**
 * The sign-in throttle (docs/decisions/012-passwords-and-sign-in-throttle.md). Nothing here locks a person
 * out of their account:
 * - per client address: 5 failures in 15 minutes lock that address for 15 minutes (429, Retry-After);
 * - per account, from a browser the account has not signed in from (no device cookie): after 5 failures
 *   each attempt must wait for a delay after the latest failure, 1 s doubling with each further failure up
 *   to 5 minutes; then the right password works. Forgotten after 15 minutes without a failure;
 * - per device cookie (a browser the account signed in from before): 5 failures in 15 minutes, and that
 *   cookie counts as unknown for 15 minutes. Its failures leave the account's delay alone, and the account's
 *   delay does not apply to it: the person gets in from their usual browser while others guess.
 * Allowances are multiplied by RATE_LIMIT_SCALE.
 */
export const LOGIN_FAILURES_ALLOWED = 5
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
/** An account's first wait once its allowance is spent; every further failure doubles it. */
export const FIRST_ACCOUNT_DELAY_MS = 1000
/** The longest an account makes an unknown browser wait. */
export const MAX_ACCOUNT_DELAY_MS = 5 * 60 * 1000

export type LoginAttempt = {
  addressKey: string
  /** The account's key, or the device cookie's when the browser brought a valid one. */
  counterKey: string
}
export type ThrottleVerdict = { attempt: LoginAttempt } | { retryAfterSeconds: number }

export type LoginThrottle = {
  /**
   * Counts the attempt as a failure before the password is checked, so that parallel guesses cannot slip
   * past the limit, against the address and against the account (or the device cookie `deviceNonce`
   * names); or refuses it while the address is locked or the account's delay runs. The address is keyed as
   * the rate limits key it: an IPv6 address by its /56, as one host gets many.
   */
  begin: (email: string, address: string, deviceNonce?: string | null) => ThrottleVerdict
  /** The password was right: the account (or the device) starts afresh and the address gets its attempt back. */
  succeeded: (attempt: LoginAttempt) => void
}

/** How long an account makes the next attempt wait after its latest failure (0 within the allowance). */
export function accountDelayMs(failures: number, allowance: number): number {
  if (failures < allowance) return 0
  return Math.min(MAX_ACCOUNT_DELAY_MS, FIRST_ACCOUNT_DELAY_MS * 2 ** Math.min(failures - allowance, 30))
}

/** Milliseconds until the row lets an attempt through (0: now). */
const waitOf = (row: ThrottleRow | undefined, now: number) =>
  Math.max(0, (row?.lockedUntil?.getTime() ?? 0) - now)

/** Kept in the database (login_throttle), so a restart does not hand out new attempts. */
export function createLoginThrottle(db: Database, scale: number, clock: Clock = systemClock): LoginThrottle {
  const allowance = Math.max(1, Math.floor(LOGIN_FAILURES_ALLOWED * scale))

  /** One log entry when a count reaches its allowance: what was tried (an email or an address), never a password. */
  const logLimitReached = (tx: Queryable, title: string, details: Record<string, unknown>, now: number) =>
    logActivity(tx, {
      actor: SYSTEM_ACTOR,
      action: 'sign-in-locked',
      type: 'session',
      itemTitle: title,
      chapterId: null,
      details,
      now: new Date(now),
    })

  /** An address or a device cookie: failures in a window from the first; at the allowance, locked for the window. */
  const countLocking = (
    tx: Queryable,
    key: string,
    row: ThrottleRow | undefined,
    now: number,
    title: string,
  ) => {
    const current = row && now - row.windowStartedAt.getTime() < LOGIN_WINDOW_MS ? row : undefined
    const failures = (current?.failures ?? 0) + 1
    if (failures === allowance) {
      logLimitReached(tx, title, { failures, lockedMinutes: LOGIN_WINDOW_MS / 60_000 }, now)
    }
    saveThrottle(tx, {
      key,
      failures,
      windowStartedAt: current?.windowStartedAt ?? new Date(now),
      lockedUntil: failures >= allowance ? new Date(now + LOGIN_WINDOW_MS) : null,
    })
  }

  /**
   * An account: failures until 15 minutes pass without one (the window restarts at each failure); past the
   * allowance, `lockedUntil` is when the next attempt may be checked.
   */
  const countDelaying = (tx: Queryable, key: string, row: ThrottleRow | undefined, now: number) => {
    const current = row && now - row.windowStartedAt.getTime() < LOGIN_WINDOW_MS ? row : undefined
    const failures = (current?.failures ?? 0) + 1
    const delay = accountDelayMs(failures, allowance)
    if (failures === allowance) {
      logLimitReached(tx, key.slice(key.indexOf(':') + 1), { failures, waitSeconds: delay / 1000 }, now)
    }
    saveThrottle(tx, {
      key,
      failures,
      windowStartedAt: new Date(now),
      lockedUntil: delay > 0 ? new Date(now + delay) : null,
    })
  }

  return {
    begin: (email, address, deviceNonce = null) => {
      const addressKey = `address:${ipKeyGenerator(address, IPV6_SUBNET)}`
      const accountKey = `account:${email.toLowerCase()}`
      return db.transaction((tx): ThrottleVerdict => {
        const now = clock()
        const retryAfter = (ms: number) => ({ retryAfterSeconds: Math.ceil(ms / 1000) })
        const addressRow = findThrottle(tx, addressKey)
        const addressWait = waitOf(addressRow, now)
        if (addressWait > 0) return retryAfter(addressWait)
        const deviceKey = deviceNonce ? `device:${deviceNonce}` : null
        const deviceRow = deviceKey ? findThrottle(tx, deviceKey) : undefined
        // A device cookie that is itself locked counts as no cookie: the account's delay applies.
        const trustedKey = deviceKey !== null && waitOf(deviceRow, now) === 0 ? deviceKey : null
        const accountRow = trustedKey ? undefined : findThrottle(tx, accountKey)
        const accountWait = waitOf(accountRow, now)
        if (accountWait > 0) return retryAfter(accountWait)
        countLocking(tx, addressKey, addressRow, now, addressKey.slice(addressKey.indexOf(':') + 1))
        if (trustedKey)
          countLocking(tx, trustedKey, deviceRow, now, `${email.toLowerCase()} (a known browser)`)
        else countDelaying(tx, accountKey, accountRow, now)
        deleteStaleThrottles(tx, new Date(now - LOGIN_WINDOW_MS), new Date(now))
        return { attempt: { addressKey, counterKey: trustedKey ?? accountKey } }
      })
    },
    succeeded: ({ addressKey, counterKey }) => {
      db.transaction((tx) => {
        deleteThrottle(tx, counterKey)
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
