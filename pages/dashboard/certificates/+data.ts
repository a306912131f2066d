import type { PageContextServer } from 'vike/types'
import { can } from '#server/policy/rules.server'
import { requireSignedIn } from '../guard.server'

export type Data = ReturnType<typeof data>

/** Any signed-in person: officers see their chapter's and the site-wide templates, administrators all. */
export function data(pageContext: PageContextServer) {
  const { principal } = requireSignedIn(pageContext)
  return { admin: can(principal, 'administer') }
}
