import type { PageContextServer } from 'vike/types'
import { listChapterNames } from '#db/queries/accounts.server'
import { isAdmin } from '#server/policy/rules.server'
import { requireSignedIn } from '../../guard.server'
import { bundledBanners } from '../bundled-banners'

export type Data = ReturnType<typeof data>

/** The chapters an administrator may give the new post (an officer's are their chapter's). */
export function data(pageContext: PageContextServer) {
  const { principal } = requireSignedIn(pageContext)
  return {
    chapters: isAdmin(principal) ? listChapterNames(pageContext.db) : undefined,
    bundledBanners: bundledBanners(),
  }
}
