import type { Request, RequestHandler, Response } from 'express'
import type { ResponsiveImage } from '#components/shared/responsive-image'
import { footerTextsOf } from '#content/schema'
import { toUserInfo } from '#db/dto'
import { publishedCommitteeYears } from '#db/queries/committees.server'
import { buildCachedPage, type CachedPage } from '../cached-page.server'
import type { AppContext } from '../context.server'
import { publicUrlIssue as publicUrlIssueOf } from '../env.server'
import type { FrontCache } from '../front-cache.server'
import { canonicalKeyOf, frontCacheKey, type QueryRule } from '../front-cache-keys.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'
import { requestLog } from '../request-log.server'
import {
  CSP_HEADER,
  helmetHeaders,
  inlineScriptHashes,
  newNonce,
  pagePolicy,
} from '../security-headers.server'
import { siteTextsOf } from '../services/site-texts.server'
import type { TicketPages } from '../services/tickets.server'

/**
 * What every page's layout shows from the database: the committee menus and the site's texts (all of them
 * for the server, the footer's for the browser too).
 */
function layoutOf(db: AppContext['db']) {
  const siteTexts = siteTextsOf(db)
  return { publishedCommittees: publishedCommitteeYears(db), siteTexts, siteFooter: footerTextsOf(siteTexts) }
}

type RenderedPage = Awaited<ReturnType<typeof import('vike/server').renderPage>>
type RenderedForCache = {
  /** The stored page, or null when this render may not be kept (an error page, a redirect, a countdown). */
  page: CachedPage | null
  httpResponse: RenderedPage['httpResponse']
  /** Its Content-Security-Policy: the hashes of its inline scripts, no nonce. */
  policyHeader: string
  /**
   * Set when the page could be kept but the URL carries query parameters it does not read: the URL
   * without them, to be rendered and kept instead.
   */
  canonicalKey?: string
}

/** Browsers revalidate a page on every visit (a cheap 304 with the ETag); shared caches may keep it as long. */
export const CACHED_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/**
 * The Cache-Control of a public page. With SHARED_CACHE_SECONDS=N a shared cache (nginx, a CDN) may answer
 * it for N seconds without asking, and N more from its stale copy while it fetches a fresh one: readers of
 * an announcement hit the cache, a change shows within N seconds (2N where the cache revalidates in the
 * background). Browsers still revalidate on every visit (max-age=0), as without a shared cache.
 */
export function publicPageCacheControl(sharedCacheSeconds: number): string {
  if (sharedCacheSeconds <= 0) return CACHED_PAGE_CACHE_CONTROL
  return `public, max-age=0, s-maxage=${sharedCacheSeconds}, stale-while-revalidate=${sharedCacheSeconds}`
}

/**
 * Paths rendered for one visitor: signed in (or redirecting one), or holding a private link (a
 * registration's manage page). Never rendered for the front cache; always private, no-store.
 */
const PER_VISITOR_PATH = /^\/(?:dashboard|login|registrations|t|door)(?:[/?.]|$)/

/** What a page's data may say about its own freshness: the front cache keeps it no later than then. */
type FreshnessData = { frontCacheUntil?: unknown }

/**
 * A render for one response (not for the front cache), with more page context than a GET brings: the
 * event page answering its registration form with the visitor's values and errors.
 */
export type RenderForVisitor = (
  req: Request,
  res: Response,
  options: { urlOriginal: string; status?: number; pageContext?: Partial<Vike.PageContextServer> },
) => Promise<void>

/**
 * Renders every non-API GET with Vike (its renderPage(), called from Express). The database
 * and settings travel in pageContext so +data hooks use the server's one connection.
 *
 * Two kinds of render:
 * - for one response: a signed-in visitor's page and the console. It carries a fresh nonce on its inline
 *   script and the policy names that nonce;
 * - for the front cache: an anonymous GET of any other page. It is rendered without a nonce and its policy
 *   names the sha256 hash of each inline script, so the same bytes can be sent again. When the page allows
 *   it (the `frontCache` setting, a 200) the render is stored, and this response is sent from the stored
 *   entry, exactly as later hits will be. Query parameters the page does not read are left out: the URL
 *   without them is rendered and stored, and answered for every URL that differs only in them. Requests for the same URL
 *   that arrive while it renders wait for that render instead of starting their own.
 */
export function createPageHandler(
  ctx: AppContext,
  options: {
    development: boolean
    frontCache?: FrontCache
    /** An image URL as pages write it (uploads get a srcset of their resized copies). */
    image: (url: string) => ResponsiveImage
    /** Tickets' codes and QR codes, for the ticket and manage pages. */
    tickets: TicketPages
  },
): RequestHandler & { renderForVisitor: RenderForVisitor } {
  let renderPagePromise: Promise<typeof import('vike/server').renderPage> | undefined
  // The last layout read stands in while the database cannot answer, so the error page keeps its menus
  // and footer rather than failing before Vike renders it.
  let lastLayout: ReturnType<typeof layoutOf> | undefined
  const layout = () => {
    try {
      lastLayout = layoutOf(ctx.db)
    } catch (error) {
      if (!lastLayout) throw error
    }
    return lastLayout
  }
  const securityOptions = { publicUrl: ctx.env.publicUrl, development: options.development }
  const policy = pagePolicy(securityOptions)
  const cacheHeaders = helmetHeaders(securityOptions)
  const frontCache = options.development ? undefined : options.frontCache
  const publicCacheControl = publicPageCacheControl(ctx.env.SHARED_CACHE_SECONDS)
  // The console warns beside links it hands over when they would work only on this machine.
  const publicUrlIssue = publicUrlIssueOf(ctx.env)
  /** Renders for the cache under way, by generation and key: later requests for the URL wait for them. */
  const rendering = new Map<string, Promise<RenderedForCache>>()

  /** What every render's page context holds, whoever asks: the site, its clock and its layout. */
  const sharedContext = () => ({
    db: ctx.db,
    image: options.image,
    publicUrl: ctx.env.publicUrl,
    publicUrlIssue,
    mailConfigured: Boolean(ctx.env.SMTP_URL),
    timeZone: ctx.env.TIME_ZONE,
    clock: ctx.clock,
    tickets: options.tickets,
    ...layout(),
  })

  const loadRenderPage = () => {
    renderPagePromise ??= import('vike/server').then((module) => module.renderPage)
    return renderPagePromise
  }

  /** An anonymous render without a nonce; stored when the page allows it. */
  const renderForCache = async (
    cache: FrontCache,
    key: string,
    headers: Record<string, string | string[] | undefined>,
    /** The logger of the request that asked first, made only for a line. */
    logOf: () => AppContext['logger'],
  ): Promise<RenderedForCache> => {
    const generation = cache.generation
    const renderPage = await loadRenderPage()
    const pageContext = await renderPage({
      urlOriginal: key,
      headersOriginal: headers,
      ...sharedContext(),
      contactForm: null,
      user: null,
      principal: null,
      door: null,
      doorEnded: null,
    })
    if (pageContext.errorWhileRendering && !pageContext.abortStatusCode) {
      logOf().error({ err: pageContext.errorWhileRendering }, 'Page failed to render')
    }
    const { httpResponse } = pageContext
    const policyHeader = policy({ hashes: inlineScriptHashes(httpResponse.body) })
    if (!isStorable(pageContext, key)) {
      const canonicalKey = isStorable(pageContext, null)
        ? canonicalKeyOf(key, queryRuleOf(pageContext))
        : undefined
      return { page: null, httpResponse, policyHeader, canonicalKey }
    }
    const page = buildCachedPage({
      key,
      body: httpResponse.body,
      // As Express writes it for the same page rendered without the cache.
      contentType: (headerOf(httpResponse.headers, 'content-type') ?? 'text/html;charset=utf-8').replace(
        /;\s*/g,
        '; ',
      ),
      cacheControl: publicCacheControl,
      headers: [...cacheHeaders, [CSP_HEADER, policyHeader]],
      dayEndsAt: ctx.clock.startOfNextDay(cache.now()),
      query: queryRuleOf(pageContext),
      until: freshUntil(pageContext.data),
    })
    cache.store(page, generation)
    return { page, httpResponse, policyHeader }
  }

  /** A render for this response only: a fresh nonce on its inline script, private, never stored. */
  const renderForVisitor: RenderForVisitor = async (
    req,
    res,
    { urlOriginal, status, pageContext: extra },
  ) => {
    // Vike puts this nonce on the scripts it writes; the policy lets exactly those run.
    const cspNonce = options.development ? undefined : newNonce()
    const renderPage = await loadRenderPage()
    const pageContext = await renderPage({
      urlOriginal,
      headersOriginal: req.headers,
      ...sharedContext(),
      contactForm: res.locals.contactForm ?? null,
      user: req.session ? toUserInfo(req.session.person, req.session.chapter) : null,
      principal: req.principal ?? null,
      door: req.door ?? null,
      doorEnded: req.doorEnded ?? null,
      cspNonce,
      ...extra,
    })
    // A page that answers 404 on purpose (`throw render(404)`) is not a fault.
    if (pageContext.errorWhileRendering && !pageContext.abortStatusCode) {
      requestLog(req, ctx.logger).error({ err: pageContext.errorWhileRendering }, 'Page failed to render')
    }
    const { httpResponse } = pageContext
    // A form's answer may be a refusal (400, 409, 429) of a page that rendered fine.
    const formStatus = httpResponse.statusCode === 200 ? (status ?? res.locals.pageStatus) : undefined
    res.status(formStatus ?? httpResponse.statusCode)
    for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
    // Ours, not Vike's (which would only name script-src).
    res.setHeader(
      CSP_HEADER,
      policy(cspNonce ? { nonce: cspNonce } : undefined, {
        webAssembly: pageContext.config?.runsWebAssembly === true,
      }),
    )
    // Rendered for this visitor (the console, the sign-in page, a page seen signed in): no cache keeps it.
    res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    res.send(httpResponse.body)
  }

  const handler: RequestHandler = async (req, res, next) => {
    try {
      const anonymous = !req.principal && !req.door
      // A form's plain POST (the contact page's) is answered for this request only.
      const read = req.method === 'GET' || req.method === 'HEAD'
      const key =
        frontCache && anonymous && read && !PER_VISITOR_PATH.test(req.path)
          ? frontCacheKey(req.originalUrl)
          : null

      if (frontCache && key !== null) {
        const renderOnce = async (key: string) => {
          const flight = `${frontCache.generation} ${key}`
          const earlier = rendering.get(flight)
          const rendered = earlier ? await earlier : null
          if (rendered?.page) return rendered
          const pending = renderForCache(frontCache, key, req.headers, () => requestLog(req, ctx.logger))
          if (!earlier) rendering.set(flight, pending)
          return pending.finally(() => {
            if (rendering.get(flight) === pending) rendering.delete(flight)
          })
        }
        // A parameter the page does not read is not part of its URL: render (and keep) the canonical URL.
        let rendered = await renderOnce(frontCache.canonicalKey(key) ?? key)
        if (!rendered.page && rendered.canonicalKey !== undefined) {
          const stored = frontCache.get(rendered.canonicalKey)
          rendered = stored ? { ...rendered, page: stored } : await renderOnce(rendered.canonicalKey)
        }
        if (rendered.page) {
          // Exactly what the front cache will answer for this URL from now on.
          res.locals.precompressed = true
          frontCache.sendThrough(req, res, rendered.page)
          return
        }
        const { httpResponse } = rendered
        res.status(httpResponse.statusCode)
        for (const [name, value] of httpResponse.headers) res.setHeader(name, value)
        res.setHeader(CSP_HEADER, rendered.policyHeader)
        if (req.method === 'HEAD') res.end()
        else res.send(httpResponse.body)
        return
      }

      await renderForVisitor(req, res, { urlOriginal: req.originalUrl })
    } catch (error) {
      next(error)
    }
  }
  return Object.assign(handler, { renderForVisitor })
}

/** The moment a page's data says it changes by itself (a registration opening or closing), if any. */
function freshUntil(data: unknown): number | undefined {
  const until = (data as FreshnessData | undefined)?.frontCacheUntil
  return typeof until === 'number' && Number.isFinite(until) ? until : undefined
}

/**
 * A render the cache may keep: a plain 200 (no error page, no redirect) of a page whose `frontCache`
 * setting allows it, asked for by its canonical URL: no query parameter the page does not read, those it
 * reads written canonically (not checked without a key).
 */
function isStorable(pageContext: RenderedPage, key: string | null): boolean {
  const setting = pageContext.config?.frontCache
  if (!setting || pageContext.httpResponse.statusCode !== 200) return false
  if (pageContext.errorWhileRendering || pageContext.is404) return false
  if (key === null) return true
  return canonicalKeyOf(key, queryRuleOf(pageContext)) === key
}

/** The query parameters a page reads and their canonical form, by its `frontCache` setting. */
function queryRuleOf(pageContext: RenderedPage): QueryRule {
  const setting = pageContext.config?.frontCache || undefined
  return { reads: setting?.query ?? [], canonical: setting?.canonicalQuery }
}

function headerOf(headers: [string, string][], name: string): string | undefined {
  return headers.find(([header]) => header.toLowerCase() === name)?.[1]
}
