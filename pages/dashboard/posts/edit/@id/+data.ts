import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { listChapterNames } from '#db/queries/accounts.server'
import { findPost } from '#db/queries/posts.server'
import { idParamSchema } from '#db/validation'
import { isAdmin } from '#server/policy/rules.server'
import { postDtoOf, postRevisions } from '#server/services/posts.server'
import { requirePagePermission } from '../../../guard.server'
import { bundledBanners } from '../../bundled-banners'

export type Data = ReturnType<typeof data>

/**
 * The post to edit, its revisions and (for an administrator) the chapters: an unknown id is the 404 page,
 * a post the caller may not change (another chapter's, or published for an officer) the 403 page.
 */
export function data(pageContext: PageContextServer) {
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const post = id.success ? findPost(pageContext.db, id.data) : undefined
  if (!post) throw render(404)
  const { principal } = requirePagePermission(pageContext, 'edit:post', post)
  return {
    post: postDtoOf(pageContext.db, post),
    revisions: postRevisions(pageContext.db, post),
    chapters: isAdmin(principal) ? listChapterNames(pageContext.db) : undefined,
    bundledBanners: bundledBanners(),
  }
}
