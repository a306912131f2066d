import type { RequestHandler } from 'express'
import type { AppContext } from './context.server'
import { CSP_HEADER, newNonce, pagePolicy } from './security-headers.server'

/**
 * Renders every non-API GET with Vike (manual renderPage() integration, stack-notes). The database
 * and settings travel in pageContext so +data hooks use the server's one connection.
 */
export function createPageHandler(ctx: AppContext, options: { development: boolean }): RequestHandler {
  let renderPagePromise: Promise<typeof import('vike/server').renderPage> | undefined
  const policy = pagePolicy({ publicUrl: ctx.env.publicUrl, development: options.development })
  return async (req, res, next) => {
    try {
      renderPagePromise ??= import('vike/server').then((module) => module.renderPage)
      const renderPage = await renderPagePromise
      // Vike puts this nonce on the scripts it writes; the policy lets exactly those run.
      const cspNonce = options.development ? undefined : newNonce()
      const pageContext = await renderPage({
        urlOriginal: req.originalUrl,
        headersOriginal: req.headers,
        db: ctx.db,
        publicUrl: ctx.env.publicUrl,
        user: res.locals.pageUser ?? null,
        cspNonce,
      })
      // A page that answers 404 on purpose (`throw render(404)`) is not a fault.
      if (pageContext.errorWhileRendering && !pageContext.abortStatusCode) {
        ;(req.log ?? ctx.logger).error({ err: pageContext.errorWhileRendering }, 'Page failed to render')
      }
      const { httpResponse } = pageContext
      res.status(httpResponse.statusCode)
      for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
      // Ours, not Vike's (which would only name script-src).
      res.setHeader(CSP_HEADER, policy(cspNonce))
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
