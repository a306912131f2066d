import { asc, eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { accounts } from '../schema'

/** Slug and last change of every chapter account: the chapter landings of the sitemap. */
export function listChapterSlugs(db: Queryable): { slug: string; updatedAt: Date }[] {
  return db
    .select({ slug: accounts.slug, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.role, 'chapter'))
    .orderBy(asc(accounts.slug))
    .all()
}
