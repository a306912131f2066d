import { errors, jwtVerify, SignJWT } from 'jose'

const ALGORITHM = 'HS256'
const ISSUER = 'chapter-site'
const SESSION_AUDIENCE = 'chapter-site/session'
/** Longer than any token this server signs; a longer header is not worth parsing. */
const MAX_TOKEN_LENGTH = 1024

/**
 * A signed JWT carrying a session's random token (`sid`). The database keeps only the token's SHA-256, and
 * the row, not the JWT, decides whether the session still lives (docs/decisions/011-sessions.md).
 */
export function signSessionToken(
  secret: Uint8Array,
  sessionToken: string,
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  return signClaims(secret, SESSION_AUDIENCE, { sid: sessionToken }, issuedAt, expiresAt)
}

/**
 * The session token inside a JWT signed by this server with the pinned algorithm, for this issuer and
 * audience and not expired at `now`; null for anything else (including `alg: none`).
 */
export async function readSessionToken(
  secret: Uint8Array,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const payload = await verifiedClaims(secret, token, SESSION_AUDIENCE, ['sid'], now)
  return typeof payload?.sid === 'string' ? payload.sid : null
}

/** The claims of a JWT this server signed for `audience`, or null when it is not one (or has expired). */
export async function verifiedClaims(
  secret: Uint8Array,
  token: string,
  audience: string,
  claims: string[],
  now: Date,
): Promise<Record<string, unknown> | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience,
      typ: 'JWT',
      requiredClaims: ['exp', 'iat', ...claims],
      currentDate: now,
    })
    return payload
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}

/** A JWT for `audience` with the given claims, the same algorithm and issuer as session tokens. */
export function signClaims(
  secret: Uint8Array,
  audience: string,
  claims: Record<string, string>,
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret)
}
