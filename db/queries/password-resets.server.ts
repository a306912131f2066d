import { eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type PasswordReset, passwordResets } from '../schema'

/** A reset link works for one hour. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000

export function createPasswordReset(
  db: Queryable,
  userId: string,
  tokenHash: string,
  now = new Date(),
): PasswordReset {
  return db
    .insert(passwordResets)
    .values({
      id: newId(),
      userId,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
    })
    .returning()
    .get()
}

export function findPasswordResetByTokenHash(db: Queryable, tokenHash: string): PasswordReset | undefined {
  return db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).get()
}

/** Usable: not used (nor voided by a password change) and not expired. */
export const resetIsUsable = (reset: PasswordReset, now = new Date()) =>
  reset.usedAt === null && reset.expiresAt.getTime() > now.getTime()
