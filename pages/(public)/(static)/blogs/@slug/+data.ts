import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { findPostBySlug } from '#db/queries/posts.server'
import { canSeePost } from '#server/policy/rules.server'
import { articleOf, bodyHtmlOf } from '../article-of-post'

export type Data = ReturnType<typeof data>

/**
 * The post of the slug, its Markdown body as safe HTML. A draft or scheduled post is shown only to whoever
 * may change it, signed in (with a "Draft" banner; a signed-in render is never cached); to anybody else,
 * and for an unknown slug, the 404 page. An old slug never gets here: it answers 301 before the pages.
 */
export function data(pageContext: PageContextServer) {
  const post = findPostBySlug(pageContext.db, pageContext.routeParams.slug ?? '')
  if (!post || !canSeePost(pageContext.principal, post)) throw render(404)
  return { article: { ...articleOf(post, pageContext.timeZone), html: bodyHtmlOf(post) } }
}
