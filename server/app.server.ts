import fs from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import express, { type Express } from 'express'
import { nextScheduledPostAt } from '#db/queries/posts.server'
import type { Post } from '#db/schema'
import { createCertificatePagesRouter } from './api/certificate-pages.server'
import { createCheckInAppRouter } from './api/check-in-app.server'
import { contactFormPost } from './api/contact-form.server'
import { createDoorRouter } from './api/door.server'
import { createFeedsRouter } from './api/feeds.server'
import { createPageHandler } from './api/pages.server'
import { createPostRedirectsRouter } from './api/post-redirects.server'
import {
  certificateDownloadLimit,
  certificateLookupLimit,
  registrationLimits,
  registrationLinkLimit,
} from './api/rate-limits.server'
import { createRegistrationPagesRouter } from './api/registration-forms.server'
import { createApiRouter } from './api/router.server'
import { serveAssets } from './assets.server'
import { createDoorAccess } from './auth/door-access.server'
import { loadSessionSecret } from './auth/session-secret.server'
import { createSessions } from './auth/sessions.server'
import { loadTicketKeys } from './auth/ticket-key.server'
import { bundleCheckInWorker, checkInWorkerFile } from './build.mjs'
import { compressAnswers } from './compression.server'
import { type AppContext, type Clock, systemClock, uploadsDir } from './context.server'
import { FrontCache } from './front-cache.server'
import { createMailer } from './mail/mailer.server'
import { mailNotConfigured, type OutboxOptions, OutboxWorker } from './mail/outbox.server'
import { neverShareAnswersThatSetCookies } from './private-answers.server'
import {
  logFrontCacheCounts,
  logServedRequest,
  REQUEST_ID_HEADER,
  requestId,
  requestLog,
  requestLogger,
} from './request-log.server'
import { securityHeaders, setPolicy, UPLOAD_POLICY } from './security-headers.server'
import { CertificateService } from './services/certificate-queue.server'
import { createCheckIns } from './services/check-ins.server'
import { createDoorLinks } from './services/door-links.server'
import { pagesOfPost, publishScheduledPosts } from './services/posts.server'
import { startRegistrationScheduler } from './services/registration-scheduler.server'
import { createRegistrationService, type RegistrationService } from './services/registrations.server'
import { seedSiteTextsOnce } from './services/site-texts.server'
import { createTicketPages } from './services/tickets.server'
import { UploadVariants } from './uploads/variants.server'

export type PagesMode = 'production' | 'development' | 'none'

export type AppOptions = {
  /** 'production' serves dist/, 'development' mounts Vite with hot reload, 'none' serves only the API. */
  pages: PagesMode
  /** Root of the built client (production only). */
  clientDir?: string
  /** The front cache's size and clock (tests); `false` turns it off. On in production by default. */
  frontCache?:
    | {
        maxBytes?: number
        maxQueryPages?: number
        now?: () => number
        /** How often the line with the cache's counts is written (default a minute; tests shorten it). */
        countsLineMs?: number
      }
    | false
  /** The outbox worker's clock and retry delays (tests). */
  outbox?: OutboxOptions
  /**
   * The clock of sessions (expiry, idle timeout), of the sign-in throttle and of the contact form's fill
   * time (tests move it on, or stop it).
   */
  clock?: Clock
  /** Registration's clock and the scheduler's round (`false`: no scheduler; tests run rounds themselves). */
  registrations?: { now?: () => number; roundMs?: number | false }
  /** Certificates' clock (tests). */
  certificates?: { now?: () => number }
}

export type CreatedApp = {
  /** Whether this start created the site's texts from content/. */
  siteTextsSeeded: boolean
  app: Express
  /** What the HTTP server runs for each request: the front cache, then Express. */
  handler: (req: IncomingMessage, res: ServerResponse) => void
  /** The front cache, when there is one. */
  frontCache: FrontCache | undefined
  /** Uploads' resized copies (the first sweep makes the missing ones). */
  variants: UploadVariants
  /** Sends queued mail; undefined without SMTP_URL (then nothing is queued). */
  outbox: OutboxWorker | undefined
  /** Event registration's rules (tests run the scheduler's round through it). */
  registrations: RegistrationService
  /** Publishes the scheduled posts whose time has come, on the site's clock (the scheduler's round; tests call it). */
  publishDuePosts: () => Post[]
  /** Issues certificates in the background (tests wait for it to be idle). */
  certificates: CertificateService
  close: () => Promise<void>
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** A `..` segment, a backslash or a NUL, raw or percent-encoded. */
const HOSTILE_PATH = /(?:^|\/)\.\.(?:\/|$)|\\|\0/

/**
 * Outside /api, a path that climbs out of its folder or carries a backslash or NUL is a plain 404: before
 * `send` would answer 403 for it, and before Vike would redirect `/\host/` to `/\host`, which a browser
 * reads as another site.
 */
const refuseHostilePaths: express.RequestHandler = (req, _res, next) => {
  let decoded = req.path
  try {
    decoded = decodeURIComponent(req.path)
  } catch {}
  if (HOSTILE_PATH.test(req.path) || HOSTILE_PATH.test(decoded)) {
    next(Object.assign(new Error('Not found'), { status: 404 }))
    return
  }
  next()
}

export async function createApp(ctx: AppContext, options: AppOptions): Promise<CreatedApp> {
  // The site's texts from content/, once: on a new site and on one upgraded from before they were data
  // (docs/decisions/099-site-texts-in-the-console.md). Every page's footer reads them.
  const siteTextsSeeded = await seedSiteTextsOnce(ctx.db, new Date(ctx.clock.now()))
  const app = express()
  app.disable('x-powered-by')
  // Only the proxies TRUST_PROXY names (loopback for `true`) may say who the client is: X-Forwarded-For is
  // read from the right, past trusted hops, so a client cannot put its own choice there.
  app.set('trust proxy', ctx.env.TRUST_PROXY)
  // Express's default, said out loud: JSON and pages rendered per request get a weak ETag, so a repeat
  // request can be a 304. Pages from the front cache carry its strong ETags instead.
  app.set('etag', 'weak')
  app.use(requestLogger(ctx.logger))
  // Whatever sets a cookie is for one visitor: never for a shared cache.
  app.use(neverShareAnswersThatSetCookies())
  // Before anything that can answer, so 404s, errors and static files carry the headers too.
  app.use(securityHeaders({ publicUrl: ctx.env.publicUrl, development: options.pages === 'development' }))
  // Answers that are already compressed (cached pages, precompressed build files) pass untouched.
  app.use(compressAnswers())

  const cacheOptions = options.frontCache === false ? undefined : options.frontCache
  const frontCache =
    options.pages === 'production' && options.frontCache !== false
      ? new FrontCache({
          maxBytes: cacheOptions?.maxBytes,
          maxQueryPages: cacheOptions?.maxQueryPages,
          now: cacheOptions?.now ?? ctx.clock.now,
          requestId,
          requestIdHeader: REQUEST_ID_HEADER,
          onServed: ctx.env.LOG_CACHE_HITS ? (served) => logServedRequest(ctx.logger, served) : undefined,
        })
      : undefined
  // Without a line per hit, the hits are still told: a line each minute with the cache's counts, when not all 0.
  const cacheCounts =
    frontCache && !ctx.env.LOG_CACHE_HITS
      ? setInterval(() => logFrontCacheCounts(ctx.logger, frontCache), cacheOptions?.countsLineMs ?? 60_000)
      : undefined
  cacheCounts?.unref()

  // Resolves the session of API and page requests (not of static files, which need none).
  const clock = options.clock ?? systemClock
  const sessions = createSessions(ctx, clock)
  // The door: ticket signatures, door links and their cookie, check-ins (docs/product.md#at-the-door).
  const tickets = loadTicketKeys(ctx.env)
  const ticketPages = createTicketPages({
    db: ctx.db,
    keys: tickets,
    publicUrl: ctx.env.publicUrl,
    timeZone: ctx.env.TIME_ZONE,
  })
  const doorAccess = createDoorAccess(ctx, clock)
  const checkIns = createCheckIns({ db: ctx.db, tickets, clock })
  const doorLinks = createDoorLinks({
    db: ctx.db,
    publicUrl: ctx.env.publicUrl,
    timeZone: ctx.env.TIME_ZONE,
    clock,
  })
  // Which uploads have resized copies: pages write them as srcset.
  const variants = new UploadVariants(uploadsDir(ctx.env))
  // One mailer, the outbox's: every mail goes through the outbox. Mail waiting from an earlier run goes
  // out as soon as the app is up.
  const mailer = createMailer(ctx.env)
  // Mail waits while registrations pour in, and a registration's first mail is made when sent (registrations
  // is made below; asked only once the outbox runs).
  const outbox = mailer
    ? new OutboxWorker(ctx.db, mailer, ctx.logger, {
        busy: () => registrations.busy(),
        makeMail: (mail) => registrations.mailOf(mail),
        ...options.outbox,
      })
    : undefined
  // Seats left show on the event pages: a registration taken outside the API (the page's form, an offer
  // passed on by the scheduler) drops the cached pages too.
  const registrations = createRegistrationService({
    db: ctx.db,
    publicUrl: ctx.env.publicUrl,
    timeZone: ctx.env.TIME_ZONE,
    offerHoldHours: ctx.env.OFFER_HOLD_HOURS,
    secret: loadSessionSecret(ctx.env),
    outbox: outbox ?? mailNotConfigured,
    ticketUrlOf: ticketPages.urlOf,
    onChange: () => frontCache?.invalidate(),
    onError: (error) => ctx.logger.error({ err: error }, 'After a registration'),
    now: options.registrations?.now,
  })
  outbox?.start()
  // One count per address for the API and the page's form.
  const registrationLimit = registrationLimits(ctx)
  const roundMs = options.registrations?.roundMs
  // Scheduled posts go out at their time on the site's clock, and the cached pages go with them
  // (docs/decisions/100-posts.md).
  const publishDuePosts = () => {
    const published = publishScheduledPosts(ctx.db, new Date(ctx.clock.now()))
    frontCache?.invalidate(published.flatMap((post) => pagesOfPost(post)))
    return published
  }
  const stopScheduler =
    roundMs === false
      ? () => {}
      : startRegistrationScheduler(registrations, ctx.logger, roundMs, [
          { name: 'Scheduled posts', run: () => publishDuePosts().length },
        ])
  // The scheduler's round is a minute; a scheduled post goes out at its second, on a timer set for the next
  // one and set again after every write (docs/decisions/100-posts.md).
  let postTimer: NodeJS.Timeout | undefined
  const timeNextPost = () => {
    clearTimeout(postTimer)
    postTimer = undefined
    if (roundMs === false) return
    try {
      const next = nextScheduledPostAt(ctx.db)
      if (!next) return
      // setTimeout holds at most about 24.8 days; the scheduler's rounds look again meanwhile.
      const delay = Math.min(Math.max(0, next.getTime() - ctx.clock.now()), 2 ** 31 - 1)
      postTimer = setTimeout(() => {
        try {
          publishDuePosts()
          timeNextPost()
        } catch (error) {
          // Not again at once (a due post that cannot be published would spin): the minute's round retries.
          ctx.logger.error({ err: error }, 'Scheduled posts: publishing failed')
        }
      }, delay)
      postTimer.unref()
    } catch (error) {
      ctx.logger.error({ err: error }, 'Scheduled posts: could not read the next one')
    }
  }
  timeNextPost()
  // Certificates left in the queue by an earlier run are made as soon as the app is up.
  const certificates = new CertificateService({
    db: ctx.db,
    publicUrl: ctx.env.publicUrl,
    uploadsDir: uploadsDir(ctx.env),
    outbox: outbox ?? mailNotConfigured,
    logger: ctx.logger,
    manageUrlOf: (registrationId) => registrations.manageUrlOf(registrationId),
    // A certificate issued again changes its verification page, which the front cache may hold.
    onReissued: () => frontCache?.invalidate(),
    now: options.certificates?.now,
  })
  certificates.start()
  const certificateLimit = certificateLookupLimit(ctx)
  // A successful write that may change what a public page shows drops the cached pages
  // (docs/decisions/036-front-cache.md); sign-ins, contact messages and the like keep them.
  app.use(
    '/api',
    createApiRouter(ctx, sessions, {
      variants,
      outbox,
      clock,
      registrations,
      registrationLimit,
      checkIns,
      doorLinks,
      doorAccess,
      certificates,
      certificateLookupLimit: certificateLimit,
      frontCacheStatistics: frontCache && (() => frontCache.statistics()),
      onPublicPagesChanged: (pages) => {
        frontCache?.invalidate(pages)
        // A post scheduled, rescheduled or unpublished: the timer follows it.
        timeNextPost()
      },
    }),
  )
  app.use(refuseHostilePaths)

  app.use(
    '/uploads',
    express.static(uploadsDir(ctx.env), {
      dotfiles: 'ignore',
      fallthrough: false,
      index: false,
      redirect: false,
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      // An upload is shown, never run: nosniff comes with every response, and this policy sandboxes it.
      setHeaders: (res) => setPolicy(res, UPLOAD_POLICY),
    }),
  )

  let close = async () => {}
  // The check-in page's service worker: the build's file, or bundled when asked in development.
  let workerScript: (() => Promise<string>) | undefined
  if (options.pages === 'development') {
    workerScript = () => bundleCheckInWorker(process.cwd(), { write: false })
    const { createDevMiddleware } = await import('vike/server')
    const { devMiddleware, viteServer } = await createDevMiddleware({ root: process.cwd() })
    app.use(devMiddleware)
    close = () => viteServer.close()
  } else if (options.pages === 'production') {
    const clientDir = options.clientDir ?? path.resolve('dist/client')
    // Hashed file names: safe to cache for a year; served precompressed.
    app.use('/assets', serveAssets(path.join(clientDir, 'assets')))
    let worker: Promise<string> | undefined
    workerScript = () => {
      worker ??= fs.readFile(path.join(clientDir, path.basename(checkInWorkerFile(''))), 'utf8')
      return worker
    }
  }

  // robots.txt, sitemap, RSS and iCalendar feeds, before the pages (docs/decisions/006-page-metadata-and-feeds.md).
  app.use(createFeedsRouter(ctx))
  // A post's old address answers 301 to its address now.
  app.use(createPostRedirectsRouter(ctx))

  const pages =
    options.pages === 'none'
      ? undefined
      : createPageHandler(ctx, {
          development: options.pages === 'development',
          frontCache,
          image: variants.image,
          tickets: ticketPages,
        })
  // Registering without scripts, the manage page's buttons and the attendee's calendar file.
  app.use(
    createRegistrationPagesRouter(registrations, {
      publicUrl: ctx.env.publicUrl,
      timeZone: ctx.env.TIME_ZONE,
      renderForVisitor: pages?.renderForVisitor,
      limits: registrationLimit,
      linkLimit: registrationLinkLimit(ctx),
    }),
  )
  // A door link's PIN page, and the door cookie for the right PIN.
  app.use(
    createDoorRouter(doorLinks, doorAccess, {
      timeZone: ctx.env.TIME_ZONE,
      renderForVisitor: pages?.renderForVisitor,
    }),
  )
  // The check-in page as an app: its service worker, manifest and icons.
  app.use(
    createCheckInAppRouter(ctx, {
      workerScript,
      principalMiddleware: [sessions.middleware, doorAccess.middleware],
    }),
  )
  // The verification page's rate limit and the attendee's own certificate.
  app.use(createCertificatePagesRouter(ctx, certificates, certificateLimit, certificateDownloadLimit(ctx)))
  if (pages) {
    // Express answers HEAD with the GET route (without the body).
    app.get('/{*splat}', sessions.middleware, doorAccess.middleware, pages)
    // The contact form without scripts posts to its page, which answers (server/api/contact-form.server.ts).
    app.post('/contact', sessions.middleware, ...contactFormPost(ctx, outbox ?? mailNotConfigured, pages))
  }

  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = (error as { status?: number; statusCode?: number })?.status ?? 500
    if (res.headersSent) return next(error)
    if (status >= 500) requestLog(req, ctx.logger).error({ err: error }, 'Request failed')
    res
      .status(status)
      .type('text/plain')
      .send(status === 404 ? 'Not found' : status < 500 ? 'Bad request' : 'Internal server error')
  })

  const handler = frontCache
    ? (req: IncomingMessage, res: ServerResponse) => {
        if (!frontCache.serve(req, res)) app(req, res)
      }
    : (req: IncomingMessage, res: ServerResponse) => {
        app(req, res)
      }
  const stopOutbox = async () => {
    stopScheduler()
    clearTimeout(postTimer)
    clearInterval(cacheCounts)
    await certificates.stop()
    await outbox?.stop()
  }
  return {
    app,
    handler,
    siteTextsSeeded,
    frontCache,
    variants,
    outbox,
    registrations,
    publishDuePosts,
    certificates,
    close: async () => {
      await stopOutbox()
      await close()
    },
  }
}
