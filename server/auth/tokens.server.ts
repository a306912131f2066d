import { errors, jwtVerify, SignJWT } from 'jose'

/** Session lifetime (docs/decisions/011-sessions.md): the token, its session row and the cookies all last 30 days. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

const ALGORITHM = 'HS256'
const ISSUER = 'chapter-site'
const AUDIENCE = 'chapter-site/session'
/** Longer than any token this server signs; a longer header is not worth parsing. */
const MAX_TOKEN_LENGTH = 1024

/** A signed JWT naming a session row; the row, not the token, decides whether the session still lives. */
export function signSessionToken(secret: Uint8Array, sessionId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret)
}

/**
 * The session id of a token signed by this server with the pinned algorithm, for this issuer and
 * audience and not expired; null for anything else (including `alg: none`).
 */
export async function readSessionToken(secret: Uint8Array, token: string): Promise<string | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'JWT',
      requiredClaims: ['exp', 'iat', 'sid'],
    })
    return typeof payload.sid === 'string' ? payload.sid : null
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}
