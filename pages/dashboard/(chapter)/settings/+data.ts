import type { PageContextServer } from 'vike/types'
import { toChapterInfoDto } from '#db/dto'
import { findChapterInfo } from '#db/queries/chapter-info.server'
import { requirePagePermission } from '../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The chapter's info, or null before it was first saved (decides POST or PUT, docs/product.md#states). */
export function data(pageContext: PageContextServer) {
  const { principal, user } = requirePagePermission(pageContext, 'act-for-chapter')
  const info = findChapterInfo(pageContext.db, principal.chapterId)
  return { info: info ? toChapterInfoDto(info) : null, slug: user.slug }
}
