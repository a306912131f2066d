import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sha256Hex } from '#db/hash.server'

/**
 * Tokens of invitation and password-reset links, and the session token inside a session's JWT: 256 random
 * bits, handed out once and stored only as their SHA-256, so a copy of the database opens no link and no
 * session.
 */

export const hashToken = sha256Hex

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/**
 * The token of a link that must be mailed again and again (a registration's manage link): 256 bits made
 * from the server's secret and the row's id, so the server can write it into each later mail while the
 * database still keeps only its SHA-256, like any other link token.
 */
export function derivedLinkToken(
  secret: Uint8Array,
  purpose: string,
  id: string,
): { token: string; hash: string } {
  const token = createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url')
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
