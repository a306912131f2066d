import type { PageContextServer } from 'vike/types'
import { findPasswordResetByTokenHash, resetIsUsable } from '../../../../db/queries/password-resets.server'
import { linkTokenSchema } from '../../../../db/validation'
import { hashToken, tokenMatches } from '../../../../server/auth/one-time-tokens.server'

export type Data = ReturnType<typeof data>

/** Whether the link still works; the form itself is checked again by POST /api/auth/reset. */
export function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? ''
  if (!linkTokenSchema.safeParse(token).success) return { status: 'invalid' as const, token }
  const reset = findPasswordResetByTokenHash(pageContext.db, hashToken(token))
  if (!reset || !tokenMatches(token, reset.tokenHash)) return { status: 'invalid' as const, token }
  return { status: resetIsUsable(reset) ? ('usable' as const) : ('gone' as const), token }
}
