import type { PageContextServer } from 'vike/types'
import { site } from '#content/site'
import { listChapterNames } from '#db/queries/accounts.server'
import { isAdmin } from '#server/policy/rules.server'
import { requireSignedIn } from '../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The chapters an administrator may pick as the new event's host. */
export function data(pageContext: PageContextServer) {
  const { principal } = requireSignedIn(pageContext)
  return {
    hosts: isAdmin(principal)
      ? { chapters: listChapterNames(pageContext.db), branchName: site.chapterName }
      : undefined,
  }
}
