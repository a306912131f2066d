import type { PageContextServer } from 'vike/types'
import { siteTextsOf, siteTextsRevisions } from '#server/services/site-texts.server'
import { requirePagePermission } from '../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The texts as saved and their revisions, in the first HTML (docs/decisions/099-site-texts-in-the-console.md). */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'edit:site-texts')
  return {
    texts: siteTextsOf(pageContext.db),
    revisions: siteTextsRevisions(pageContext.db),
  }
}
