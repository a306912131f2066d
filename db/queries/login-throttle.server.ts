import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { loginThrottle } from '../schema'

export type ThrottleRow = typeof loginThrottle.$inferSelect

export function findThrottle(db: Queryable, key: string): ThrottleRow | undefined {
  return db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get()
}

export function saveThrottle(db: Queryable, row: ThrottleRow): void {
  const { key, ...values } = row
  db.insert(loginThrottle).values(row).onConflictDoUpdate({ target: loginThrottle.key, set: values }).run()
}

export function deleteThrottle(db: Queryable, key: string): void {
  db.delete(loginThrottle).where(eq(loginThrottle.key, key)).run()
}

/** Forgets keys whose window started before `windowStart` (for an account: whose latest failure was) and that are not locked at `now`, so unknown emails do not pile up. */
export function deleteStaleThrottles(db: Queryable, windowStart: Date, now: Date): void {
  db.delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, windowStart),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    )
    .run()
}
