import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Tokens of invitation and password-reset links: 256 random bits, handed out once in the link and
 * stored only as their SHA-256, so a copy of the database opens no link.
 */

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/**
 * Whether a stored hash is the token's. The row was found by the hash already; comparing again in
 * constant time keeps the decision itself free of timing differences.
 */
export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
