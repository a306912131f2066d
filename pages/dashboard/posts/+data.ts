import type { PageContextServer } from 'vike/types'
import { listChapterNames } from '#db/queries/accounts.server'
import { isAdmin } from '#server/policy/rules.server'
import { requireSignedIn } from '../guard.server'

export type Data = ReturnType<typeof data>

/** The chapters' names for an administrator's Chapter column (an officer's posts are all their chapter's). */
export function data(pageContext: PageContextServer) {
  const { principal } = requireSignedIn(pageContext)
  return { chapters: isAdmin(principal) ? listChapterNames(pageContext.db) : [] }
}
