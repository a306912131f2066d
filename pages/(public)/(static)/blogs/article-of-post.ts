import { renderDescription, renderMarkdown } from '#components/shared/markdown'
import { images } from '#content/images'
import type { ImageAsset } from '#content/schema'
import { localDateOf } from '#db/clock'
import type { Post } from '#db/schema'
import { BUNDLED_BANNERS } from '#db/validation'

/** Where an uploaded or linked banner has no size of its own: the banners' shape (1200 × 630). */
const BANNER_SIZE = { width: 1200, height: 630 }
const FALLBACK_BANNER = images.blogChapterLeads

/** A post's banner as a picture: a bundled one (`content:<key>`), an upload or a link (docs/decisions/100-posts.md). */
export function bannerOf(banner: string): ImageAsset {
  if (banner.startsWith('content:')) {
    const key = banner.slice('content:'.length) as (typeof BUNDLED_BANNERS)[number]
    return BUNDLED_BANNERS.includes(key) ? images[key] : FALLBACK_BANNER
  }
  return banner ? { src: banner, ...BANNER_SIZE } : FALLBACK_BANNER
}

/** A post as the blog pages show it: its day in TIME_ZONE, its banner as a picture. */
export function articleOf(post: Post, timeZone: string) {
  return {
    slug: post.slug,
    title: post.title,
    date: localDateOf((post.publishedAt ?? post.updatedAt).getTime(), timeZone),
    author: post.authorName,
    summary: post.summary,
    banner: bannerOf(post.banner),
    status: post.status,
  }
}

/**
 * A post's body as safe HTML. The site's own articles (seeded from content/, no author account) keep the
 * articles' renderer they always had; posts written in the console go through the event descriptions'
 * (links rel="nofollow"): both escape raw HTML and drop unsafe links (components/shared/markdown.ts).
 */
export const bodyHtmlOf = (post: Post) =>
  post.authorId === null ? renderMarkdown(post.body) : renderDescription(post.body)
