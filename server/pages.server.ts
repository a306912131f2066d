import type { RequestHandler } from 'express'
import type { AppContext } from './context.server'

/**
 * Renders every non-API GET with Vike (manual renderPage() integration, stack-notes). The database
 * and settings travel in pageContext so +data hooks use the server's one connection.
 */
export function createPageHandler(ctx: AppContext): RequestHandler {
  let renderPagePromise: Promise<typeof import('vike/server').renderPage> | undefined
  return async (req, res, next) => {
    try {
      renderPagePromise ??= import('vike/server').then((module) => module.renderPage)
      const renderPage = await renderPagePromise
      const pageContext = await renderPage({
        urlOriginal: req.originalUrl,
        headersOriginal: req.headers,
        db: ctx.db,
        publicUrl: ctx.env.publicUrl,
        user: res.locals.pageUser ?? null,
      })
      // A page that answers 404 on purpose (`throw render(404)`) is not a fault.
      if (pageContext.errorWhileRendering && !pageContext.abortStatusCode) {
        ctx.logger.error(
          { err: pageContext.errorWhileRendering, url: req.originalUrl },
          'Page failed to render',
        )
      }
      const { httpResponse } = pageContext
      res.status(httpResponse.statusCode)
      for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
      if (req.method === 'HEAD') {
        res.end()
        return
      }
      res.send(httpResponse.body)
    } catch (error) {
      next(error)
    }
  }
}
