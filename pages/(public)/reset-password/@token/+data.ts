import type { PageContextServer } from 'vike/types'
import { lookUpReset } from '#server/services/links.server'

export type Data = ReturnType<typeof data>

/** Whether the link still works; the form itself is checked again by POST /api/auth/reset. */
export function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? ''
  return { status: lookUpReset(pageContext.db, token).status, token }
}
