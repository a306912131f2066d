import { type Request, type Response, Router } from 'express'
import { findPostByOldSlug, findPostBySlug } from '#db/queries/posts.server'
import type { AppContext } from '../context.server'

/**
 * /blogs/{slug} of a slug a post had before: 301 to its address now (docs/decisions/100-posts.md), before
 * the page renderer. A slug a post has now, or none ever had, goes on to the page.
 */
export function createPostRedirectsRouter(ctx: AppContext): Router {
  const router = Router()
  router.get('/blogs/:slug', (req: Request<{ slug: string }>, res: Response, next) => {
    const { slug } = req.params
    if (findPostBySlug(ctx.db, slug)) return next()
    const post = findPostByOldSlug(ctx.db, slug)
    if (!post) return next()
    res.setHeader('Cache-Control', 'public, max-age=300')
    res.redirect(301, `/blogs/${post.slug}`)
  })
  return router
}
