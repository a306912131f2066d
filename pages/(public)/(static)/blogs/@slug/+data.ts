import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { renderMarkdown } from '#components/shared/markdown'
import { findArticle } from '#content/blogs'

export type Data = ReturnType<typeof data>

/** The article of the slug, its Markdown body as safe HTML; an unknown slug is the 404 page. */
export function data(pageContext: PageContextServer) {
  const article = findArticle(pageContext.routeParams.slug ?? '')
  if (!article) throw render(404)
  const { body, ...rest } = article
  return { article: { ...rest, html: renderMarkdown(body) } }
}
