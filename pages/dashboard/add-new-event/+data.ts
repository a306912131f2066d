import type { PageContextServer } from 'vike/types'
import { site } from '../../../content/site'
import { listChapterNames } from '../../../db/queries/accounts.server'
import { guardConsole } from '../guard'

export type Data = Awaited<ReturnType<typeof data>>

/** The chapters an administrator may pick as the new event's host. */
export function data(pageContext: PageContextServer) {
  const user = guardConsole(pageContext)
  return {
    hosts: user.isAdmin
      ? { chapters: listChapterNames(pageContext.db), branchName: site.chapterName }
      : undefined,
  }
}
