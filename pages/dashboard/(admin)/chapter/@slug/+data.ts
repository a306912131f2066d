import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toChapterAccountDto } from '#db/dto'
import { countChapterContent, findChapterBySlug } from '#db/queries/accounts.server'
import { slugParamSchema } from '#db/validation'
import { requirePagePermission } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The chapter account to edit (the API has no single-account GET); an unknown slug is the 404 page. */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'administer')
  const slug = slugParamSchema.safeParse(pageContext.routeParams.slug)
  const account = slug.success ? findChapterBySlug(pageContext.db, slug.data) : undefined
  if (!account) throw render(404)
  return { chapter: toChapterAccountDto(account, countChapterContent(pageContext.db, account.id)) }
}
