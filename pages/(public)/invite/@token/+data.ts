import type { PageContextServer } from 'vike/types'
import { lookUpInvitation } from '#server/services/links.server'

export type Data = ReturnType<typeof data>

/** Who invited whom to what, or why the link does not work (expired, used, withdrawn, or never valid). */
export function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? ''
  const found = lookUpInvitation(pageContext.db, token)
  return found.status === 'pending'
    ? { status: found.status, token, invitation: found.preview }
    : { status: found.status, token, invitation: null }
}
