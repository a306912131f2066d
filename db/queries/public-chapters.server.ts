import { asc } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { chapters } from '../schema'

/** Slug and last change of every chapter: the chapter landings of the sitemap. */
export function listChapterSlugs(db: Queryable): { slug: string; updatedAt: Date }[] {
  return db
    .select({ slug: chapters.slug, updatedAt: chapters.updatedAt })
    .from(chapters)
    .orderBy(asc(chapters.slug))
    .all()
}
