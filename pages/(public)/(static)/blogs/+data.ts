import type { PageContextServer } from 'vike/types'
import { countPublishedPosts, listPublishedPosts } from '#db/queries/posts.server'
import { articleOf } from './article-of-post'

export type Data = ReturnType<typeof data>

/** Articles a page of /blogs shows. */
export const BLOG_PAGE_SIZE = 12

/** A page (`?page=`) of the published posts, newest first; a page past the last shows none. */
export function data(pageContext: PageContextServer) {
  const asked = Number(new URLSearchParams(pageContext.urlParsed.searchOriginal ?? '').get('page') ?? '1')
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1
  const total = countPublishedPosts(pageContext.db)
  const posts = listPublishedPosts(pageContext.db, {
    limit: BLOG_PAGE_SIZE,
    offset: (page - 1) * BLOG_PAGE_SIZE,
  })
  return {
    articles: posts.map((post) => articleOf(post, pageContext.timeZone)),
    page,
    pages: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
  }
}
