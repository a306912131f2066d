import type { Queryable } from '#db/client.server'
import { postPath, toPostDto, toRevisionDto } from '#db/dto'
import { findChapterById, findChapterBySlug } from '#db/queries/accounts.server'
import { changedFields } from '#db/queries/activity.server'
import {
  findPost,
  insertPost,
  postSlugTaken,
  publishDuePosts,
  slugForTitle,
  updatePost,
} from '#db/queries/posts.server'
import { addRevision, listRevisions } from '#db/queries/revisions.server'
import type { NewPost, Post } from '#db/schema'
import type { PostInput, PostUpdate } from '#db/validation'
import { ApiError, INVALID_INPUT } from '../errors.server'
import type { Principal } from '../policy/principal.server'
import { recordActivity, recordChange } from './activity.server'

/** Who publishes a scheduled post at its time. */
const SCHEDULER = { id: null, name: 'Scheduler', chapterId: null }

/**
 * Posts (docs/decisions/100-posts.md): every save writes the post, its revision and its activity entry in
 * one transaction. Routers decide who may (server/policy/rules.server.ts); this module what a save does.
 */

export const postItem = (post: Pick<Post, 'id' | 'title' | 'chapterId'>) =>
  ({ type: 'post', id: post.id, title: post.title, chapterId: post.chapterId }) as const

/** The slug of the chapter a post is about, or null for the region's own. */
export const postChapterSlug = (db: Queryable, post: Pick<Post, 'chapterId'>) =>
  post.chapterId ? (findChapterById(db, post.chapterId)?.slug ?? null) : null

/** A post as the API answers it and the console's editor starts from. */
export const postDtoOf = (db: Queryable, post: Post) => toPostDto(post, postChapterSlug(db, post))

/** A post's revisions, newest first, as GET /api/posts/{id}/revisions answers them and the editor lists them. */
export const postRevisions = (db: Queryable, post: Pick<Post, 'id'>) =>
  listRevisions(db, { type: 'post', id: post.id }).map(toRevisionDto)

/**
 * The public pages a change of a post shows on (for the front cache): the list and the post's addresses
 * before and after, once either version is published; none while it was and stays unpublished (a draft's
 * preview is never cached).
 */
export function pagesOfPost(...versions: Pick<Post, 'slug' | 'status'>[]): string[] {
  if (!versions.some((post) => post.status === 'published')) return []
  return [...new Set(['/blogs', ...versions.map(postPath)])]
}

/** The chapter a post names by slug (null: the region's own); an unknown slug is a field error. */
export function postChapterFrom(db: Queryable, chapterSlug: string | null): string | null {
  if (chapterSlug === null) return null
  const chapter = findChapterBySlug(db, chapterSlug)
  if (!chapter) throw new ApiError(400, INVALID_INPUT, { chapterSlug: 'No chapter has this slug' })
  return chapter.id
}

/** What a revision keeps: the post in the shape its PUT takes. */
export function postSnapshot(db: Queryable, post: Post): Required<PostUpdate> {
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    body: post.body,
    banner: post.banner,
    chapterSlug: postChapterSlug(db, post),
    status: post.status,
    publishAt: post.publishAt?.toISOString() ?? null,
  }
}

const slugTaken = () =>
  new ApiError(409, 'This web address is taken.', { slug: 'Another post uses this web address' })

/** The columns of a status: published keeps its first date, scheduled its time, a draft neither pending. */
function statusColumns(
  status: Post['status'],
  publishAt: string | null | undefined,
  before: Pick<Post, 'publishedAt'> | undefined,
  now: Date,
): Pick<NewPost, 'status' | 'publishAt' | 'publishedAt' | 'submittedAt'> {
  switch (status) {
    case 'published':
      return { status, publishAt: null, publishedAt: before?.publishedAt ?? now, submittedAt: null }
    case 'scheduled':
      if (!publishAt) throw new ApiError(400, INVALID_INPUT, { publishAt: 'Choose when the post goes out' })
      return { status, publishAt: new Date(publishAt), submittedAt: null }
    case 'draft':
      return { status, publishAt: null }
  }
}

type Save = { principal: Principal; chapterId: string | null; now: Date }

export function createPost(db: Queryable, input: PostInput, { principal, chapterId, now }: Save): Post {
  return recordChange(
    db,
    principal,
    (tx) => {
      if (input.slug && postSlugTaken(tx, input.slug)) throw slugTaken()
      const post = insertPost(tx, {
        title: input.title,
        slug: input.slug ?? slugForTitle(tx, input.title),
        summary: input.summary,
        body: input.body,
        banner: input.banner ?? '',
        authorId: principal.personId,
        authorName: principal.name,
        chapterId,
        ...statusColumns(input.status, input.publishAt, undefined, now),
        createdAt: now,
        updatedAt: now,
      })
      addRevision(tx, { type: 'post', id: post.id }, postSnapshot(tx, post), authorOf(principal), now)
      return post
    },
    (post) => ({ action: 'create', item: postItem(post), details: { status: post.status } }),
  )
}

const authorOf = (principal: Principal) => ({ id: principal.personId, name: principal.name })

/** Saves the fields given (`chapterId` already resolved and allowed, or undefined to keep it). */
export function savePost(
  db: Queryable,
  before: Post,
  input: PostUpdate & { submittedAt?: Date | null },
  { principal, chapterId, now }: Omit<Save, 'chapterId'> & { chapterId: string | null | undefined },
): Post {
  return recordChange(
    db,
    principal,
    (tx) => {
      if (input.slug && input.slug !== before.slug && postSlugTaken(tx, input.slug, before.id))
        throw slugTaken()
      const changes: Partial<NewPost> = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.slug !== undefined && { slug: input.slug }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.body !== undefined && { body: input.body }),
        ...(input.banner !== undefined && { banner: input.banner }),
        ...(chapterId !== undefined && { chapterId }),
        ...(input.submittedAt !== undefined && { submittedAt: input.submittedAt }),
      }
      if (input.status !== undefined || input.publishAt !== undefined) {
        const status = input.status ?? before.status
        const publishAt =
          input.publishAt !== undefined ? input.publishAt : (before.publishAt?.toISOString() ?? null)
        Object.assign(changes, statusColumns(status, publishAt, before, now))
      }
      const post = updatePost(tx, before, changes, now)
      addRevision(tx, { type: 'post', id: post.id }, postSnapshot(tx, post), authorOf(principal), now)
      return post
    },
    (post) => ({ action: 'update', item: postItem(post), details: changedFields(before, post) }),
  )
}

/**
 * Publishes the scheduled posts whose time has come (the site's scheduler's round); returns them. Each is
 * a revision and an activity entry of the system.
 */
export function publishScheduledPosts(db: Queryable, now: Date): Post[] {
  return db.transaction((tx) => {
    const published = publishDuePosts(tx, now)
    for (const post of published) {
      addRevision(tx, { type: 'post', id: post.id }, postSnapshot(tx, post), SCHEDULER, now)
      recordActivity(tx, SCHEDULER, {
        action: 'update',
        item: postItem(post),
        details: { status: ['scheduled', 'published'] },
      })
    }
    return published
  })
}

/** The post again, as the router answers it after a save. */
export const reloadPost = (db: Queryable, id: string) => findPost(db, id)
