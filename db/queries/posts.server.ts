import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm'
import { preparedQuery, type Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type NewPost, type Post, type PostStatus, postSlugs, posts } from '../schema'
import { uniqueSlug } from '../slug'
import { type ListPage, matchingAny, pageWindow } from './list.server'

/** Posts (docs/decisions/100-posts.md): the rows, their old slugs and the scheduler's due posts. */

export function findPost(db: Queryable, id: string): Post | undefined {
  return db.select().from(posts).where(eq(posts.id, id)).get()
}

export function findPostBySlug(db: Queryable, slug: string): Post | undefined {
  return db.select().from(posts).where(eq(posts.slug, slug)).get()
}

/** The post a slug used to name, or undefined. */
export function findPostByOldSlug(db: Queryable, slug: string): Post | undefined {
  return db
    .select({ post: posts })
    .from(postSlugs)
    .innerJoin(posts, eq(posts.id, postSlugs.postId))
    .where(eq(postSlugs.slug, slug))
    .get()?.post
}

/** Whether a slug names a post now, or named another post than `except` before. */
export function postSlugTaken(db: Queryable, slug: string, except?: string): boolean {
  const current = findPostBySlug(db, slug)
  if (current && current.id !== except) return true
  const old = db.select().from(postSlugs).where(eq(postSlugs.slug, slug)).get()
  return old !== undefined && old.postId !== except
}

/** A free slug made from the title. */
export const slugForTitle = (db: Queryable, title: string) =>
  uniqueSlug(title, (slug) => postSlugTaken(db, slug)).replace(/^chapter$/, 'post')

export function insertPost(db: Queryable, row: Omit<NewPost, 'id'> & { id?: string }): Post {
  return db
    .insert(posts)
    .values({ id: newId(), ...row })
    .returning()
    .get()
}

/** Saves the changes; a changed slug keeps the old one answering (a 301), and a slug taken back is freed. */
export function updatePost(db: Queryable, before: Post, changes: Partial<NewPost>, now: Date): Post {
  if (changes.slug && changes.slug !== before.slug) {
    db.delete(postSlugs).where(eq(postSlugs.slug, changes.slug)).run()
    db.insert(postSlugs).values({ slug: before.slug, postId: before.id }).run()
  }
  return db
    .update(posts)
    .set({ ...changes, updatedAt: now })
    .where(eq(posts.id, before.id))
    .returning()
    .get()
}

export function deletePost(db: Queryable, id: string): void {
  db.delete(posts).where(eq(posts.id, id)).run()
}

export type PostFilter = {
  status?: PostStatus
  q?: string
  chapterId?: string
  page?: number
  pageSize?: number
}

/** A page of posts, newest first (published ones by their date, the others by their last change). */
export function listPostsPage(db: Queryable, filter: PostFilter): ListPage<Post> {
  const where = and(
    filter.status ? eq(posts.status, filter.status) : undefined,
    filter.chapterId ? eq(posts.chapterId, filter.chapterId) : undefined,
    matchingAny([posts.title, posts.summary, posts.slug], filter.q),
  ) as SQL | undefined
  const { limit, offset } = pageWindow(filter)
  const rows = db
    .select()
    .from(posts)
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.updatedAt), desc(posts.id))
    .limit(limit)
    .offset(offset)
    .all()
  const total = db.select({ total: count() }).from(posts).where(where).get()?.total ?? 0
  return { rows, total }
}

/** Published posts newest first, for the public pages and feeds. */
export function listPublishedPosts(db: Queryable, options: { limit: number; offset?: number }): Post[] {
  return db
    .select()
    .from(posts)
    .where(eq(posts.status, 'published'))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .all()
}

export function countPublishedPosts(db: Queryable): number {
  return db.select({ total: count() }).from(posts).where(eq(posts.status, 'published')).get()?.total ?? 0
}

/** Publishes the scheduled posts whose time has come; returns them. */
const nextScheduled = preparedQuery((db) =>
  db
    .select({ publishAt: posts.publishAt })
    .from(posts)
    .where(eq(posts.status, 'scheduled'))
    .orderBy(asc(posts.publishAt))
    .limit(1)
    .prepare(),
)

/**
 * When the next scheduled post is due, or undefined when none is scheduled. Asked after every write that
 * may change public pages (registrations in a burst too), so prepared once.
 */
export function nextScheduledPostAt(db: Queryable): Date | undefined {
  return nextScheduled(db).get()?.publishAt ?? undefined
}

export function publishDuePosts(db: Queryable, now: Date): Post[] {
  const due = db
    .select()
    .from(posts)
    .where(and(eq(posts.status, 'scheduled'), lte(posts.publishAt, now)))
    .all()
  return due.map((post) =>
    db
      .update(posts)
      .set({ status: 'published', publishedAt: post.publishAt, submittedAt: null, updatedAt: now })
      .where(eq(posts.id, post.id))
      .returning()
      .get(),
  )
}

export function countPosts(db: Queryable): number {
  return db.select({ total: count() }).from(posts).get()?.total ?? 0
}
