import fs from 'node:fs'
import path from 'node:path'
import { articleIndex } from '#content/blog-index'
import { readAppState, writeAppState } from '#db/queries/app-state.server'
import { countPosts, insertPost } from '#db/queries/posts.server'
import { addRevision } from '#db/queries/revisions.server'
import type { BUNDLED_BANNERS } from '#db/validation'
import type { AppContext } from '../context.server'
import { postSnapshot } from './posts.server'

/** Set once the blog articles of content/ were made posts (or found there were posts already). */
export const POSTS_SEEDED_KEY = 'posts_seeded_at'

/** Where the articles' Markdown bodies are (content/blog/<slug>.md). */
const ARTICLES_DIR = path.resolve('content', 'blog')

/**
 * Each article's body (content/blog/<file>) and the picture bundled with the site it shows (a
 * `content:<key>` banner, which pages/ resolves), as content/blogs.ts pairs them.
 */
const EXTRAS: Record<
  (typeof articleIndex)[number]['slug'],
  { file: string; banner: (typeof BUNDLED_BANNERS)[number] }
> = {
  'csbd-chapter-leads-the-way': { file: 'chapter-leads-the-way.md', banner: 'blogChapterLeads' },
  'evolution-of-quantum-computing': { file: 'evolution-of-quantum-computing.md', banner: 'blogQuantum' },
  'metaverse-unveiling-the-digital-reality-revolution': {
    file: 'metaverse-unveiling-the-digital-reality-revolution.md',
    banner: 'blogMetaverse',
  },
}

/**
 * Makes the blog articles of content/ published posts, once per installation (docs/decisions/100-posts.md):
 * on a new site's first start and on an upgraded site's first start on this version alike, unless the site
 * has posts already. Each is dated its day in TIME_ZONE and gets its first revision. Answers how many.
 */
export function seedPosts(ctx: AppContext, now = new Date(ctx.clock.now())): number {
  const { db } = ctx
  if (readAppState(db, POSTS_SEEDED_KEY)) return 0
  return db.transaction((tx) => {
    let created = 0
    if (countPosts(tx) === 0) {
      for (const article of articleIndex) {
        const publishedAt = new Date(ctx.clock.instantOf(article.date))
        const post = insertPost(tx, {
          title: article.title,
          slug: article.slug,
          summary: article.summary,
          body: fs.readFileSync(path.join(ARTICLES_DIR, EXTRAS[article.slug].file), 'utf8'),
          banner: `content:${EXTRAS[article.slug].banner}`,
          authorId: null,
          authorName: article.author,
          chapterId: null,
          status: 'published',
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        addRevision(
          tx,
          { type: 'post', id: post.id },
          postSnapshot(tx, post),
          { id: null, name: 'System' },
          now,
        )
        created++
      }
    }
    writeAppState(tx, POSTS_SEEDED_KEY, now.toISOString())
    return created
  })
}
