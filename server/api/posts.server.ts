import express, { type Router } from 'express'
import { deletePost, findPost, listPostsPage } from '#db/queries/posts.server'
import { deleteRevisions, findRevision } from '#db/queries/revisions.server'
import type { Post } from '#db/schema'
import {
  idParamSchema,
  postInputSchema,
  postListQuerySchema,
  postUpdateSchema,
  toFieldErrors,
} from '#db/validation'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import { requirePermission, requirePrincipal } from '../policy/require.server'
import { chapterScopeOf, isAdmin } from '../policy/rules.server'
import {
  createPost,
  pagesOfPost,
  postChapterFrom,
  postDtoOf,
  postItem,
  postRevisions,
  postSnapshot,
  savePost,
} from '../services/posts.server'
import { moveToTrash, trashed } from '../services/trash.server'
import { found, readId, readJson, readParam, readQuery } from './input.server'

/**
 * Posts (docs/decisions/100-posts.md): anybody reads the published ones; officers write their chapter's
 * drafts and submit them; administrators publish, schedule and unpublish (server/policy/rules.server.ts).
 */
export function createPostsRouter(ctx: AppContext): Router {
  const { db } = ctx
  const router = express.Router()
  const now = () => new Date(ctx.clock.now())
  const dto = (post: Post) => postDtoOf(db, post)

  /** The post of `:id` and who may change it: 404 unknown, 403 not theirs. */
  const loadEditable = (req: express.Request) => {
    const post = found(findPost(db, readId(req)), 'Post')
    return { post, principal: requirePermission(req, 'edit:post', post) }
  }

  /** A status other than a draft is an administrator's to give. */
  const allowStatus = (req: express.Request, status: Post['status'] | undefined, publishAt?: unknown) => {
    if ((status !== undefined && status !== 'draft') || (publishAt !== undefined && publishAt !== null))
      requirePermission(req, 'publish:post')
  }

  /** The chapter a post is given, allowed for the caller. */
  const chapterFor = (req: express.Request, chapterSlug: string | null) => {
    const chapterId = postChapterFrom(db, chapterSlug)
    requirePermission(req, 'write-post-for', chapterId)
    return chapterId
  }

  router.get('/', (req, res) => {
    const query = readQuery(req, postListQuerySchema)
    // Anybody: published posts only; an officer: their chapter's; an administrator: all.
    const principal = req.principal
    const filter = !principal
      ? { ...query, status: 'published' as const }
      : { ...query, chapterId: isAdmin(principal) ? undefined : chapterScopeOf(principal) }
    const { rows, total } = listPostsPage(db, filter)
    res.json({ success: true, posts: rows.map(dto), total })
  })

  router.post('/', (req, res) => {
    const principal = requirePrincipal(req)
    const input = readJson(req, postInputSchema)
    allowStatus(req, input.status, input.publishAt)
    // Left out: the officer's chapter, or the region's own for an administrator.
    const chapterId =
      input.chapterSlug === undefined ? principal.chapterId : chapterFor(req, input.chapterSlug)
    const post = createPost(db, input, { principal, chapterId, now: now() })
    res.locals.changedPages = pagesOfPost(post)
    res.status(201).json({ success: true, message: 'Post saved', post: dto(post) })
  })

  router.get('/:id', (req, res) => {
    const post = found(findPost(db, readId(req)), 'Post')
    if (post.status !== 'published') requirePermission(req, 'edit:post', post)
    res.json({ success: true, post: dto(post) })
  })

  router.put('/:id', (req, res) => {
    const { post, principal } = loadEditable(req)
    const input = readJson(req, postUpdateSchema)
    allowStatus(req, input.status, input.publishAt)
    const chapterId = input.chapterSlug === undefined ? undefined : chapterFor(req, input.chapterSlug)
    const saved = savePost(db, post, input, { principal, chapterId, now: now() })
    res.locals.changedPages = pagesOfPost(post, saved)
    res.json({ success: true, message: 'Post saved', post: dto(saved) })
  })

  /** An officer's draft is ready: it stays a draft, and the administrators' dashboard lists it. */
  router.post('/:id/submit', (req, res) => {
    const { post, principal } = loadEditable(req)
    const saved = savePost(db, post, { submittedAt: now() }, { principal, chapterId: undefined, now: now() })
    res.locals.changedPages = pagesOfPost(post, saved)
    res.json({ success: true, message: 'Submitted for review', post: dto(saved) })
  })

  router.delete('/:id', (req, res) => {
    const { post, principal } = loadEditable(req)
    const { trashItem } = moveToTrash(db, principal, postItem(post), (tx) => {
      deleteRevisions(tx, { type: 'post', id: post.id })
      deletePost(tx, post.id)
    })
    res.locals.changedPages = pagesOfPost(post)
    res.json({ success: true, message: 'Post deleted', post: dto(post), ...trashed(trashItem) })
  })

  router.get('/:id/revisions', (req, res) => {
    const { post } = loadEditable(req)
    const revisions = postRevisions(db, post)
    res.json({ success: true, revisions })
  })

  /**
   * Goes back to a revision: its title, address, summary, body, banner and chapter are saved again as a
   * new revision. The status stays as it is (publishing stays a decision of its own).
   */
  router.post('/:id/revisions/:revisionId/restore', (req, res) => {
    const { post, principal } = loadEditable(req)
    const revisionId = readParam(req, 'revisionId', idParamSchema)
    const revision = found(findRevision(db, { type: 'post', id: post.id }, revisionId), 'Revision')
    const parsed = postUpdateSchema.safeParse(JSON.parse(revision.snapshot))
    if (!parsed.success)
      throw new ApiError(409, 'This revision no longer fits the post’s fields.', toFieldErrors(parsed.error))
    const { status: _status, publishAt: _publishAt, chapterSlug, ...content } = parsed.data
    const chapterId = chapterSlug === undefined ? undefined : chapterFor(req, chapterSlug)
    const saved = savePost(db, post, content, { principal, chapterId, now: now() })
    res.locals.changedPages = pagesOfPost(post, saved)
    res.json({
      success: true,
      message: `Restored revision ${revision.number}`,
      post: dto(saved),
      snapshot: postSnapshot(db, saved),
    })
  })

  return router
}
