import express, { type Router } from 'express'
import type { DoorAccess } from '../auth/door-access.server'
import type { Sessions } from '../auth/sessions.server'
import type { AppContext, Clock } from '../context.server'
import type { ChangedPages, FrontCacheStatistics } from '../front-cache.server'
import { mailNotConfigured, type OutboxHandle } from '../mail/outbox.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'
import { API_POLICY, setPolicy } from '../security-headers.server'
import type { CertificateService } from '../services/certificate-queue.server'
import type { CheckIns } from '../services/check-ins.server'
import type { DoorLinks } from '../services/door-links.server'
import type { RegistrationService } from '../services/registrations.server'
import type { UploadVariants } from '../uploads/variants.server'
import { createActivityRouter } from './activity.server'
import { createAuthRouter } from './auth.server'
import {
  createCertificatesRouter,
  createCertificateTemplatesRouter,
  createEventCertificatesRouter,
} from './certificates.server'
import { createChaptersRouter } from './chapters.server'
import { createCheckInsRouter } from './check-ins.server'
import { createCommitteesRouter } from './committees.server'
import { createContactRouter } from './contact.server'
import { apiErrorHandler, apiNotFound } from './errors.server'
import { createEventsRouter } from './events.server'
import { createExcomRouter } from './excom.server'
import { createHealthRouter } from './health.server'
import { createInvitationsRouter } from './invitations.server'
import { createPeopleRouter } from './people.server'
import { createPostsRouter } from './posts.server'
import { apiWriteLimit } from './rate-limits.server'
import { createEventRegistrationsRouter, createRegistrationsRouter } from './registrations.server'
import { createEventReportRouter, createReportsRouter } from './reports.server'
import { createSearchRouter } from './search.server'
import { createSettingsRouter } from './settings.server'
import { createSiteRouter } from './site.server'
import { createTrashRouter } from './trash.server'
import { createUploadsRouter } from './uploads.server'
import { createUsersRouter } from './users.server'

declare global {
  namespace Express {
    interface Locals {
      /** The route's writes never change what a public page shows (leavesPublicPagesAlone). */
      leavesPublicPagesAlone?: boolean
      /** The public pages this write changed, when the route knows them; every page when absent. */
      changedPages?: ChangedPages
    }
  }
}

/** Largest JSON body the API reads; an event description of 10,000 characters fits many times over. */
export const jsonBodyLimit = '100kb'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type ApiRouterOptions = {
  /** Uploads' resized copies: the upload endpoint adds to it. */
  variants: UploadVariants
  /**
   * Called as a write (any method but GET, HEAD, OPTIONS) that may change what public pages show answers
   * 2xx, before its first byte is sent: any write but those of the routers mounted behind
   * `leavesPublicPagesAlone`; with the pages the route said it changed (`res.locals.changedPages`), or
   * `'all'`.
   */
  onPublicPagesChanged?: (pages: ChangedPages) => void
  /** Every mail the routes send goes through it (docs/decisions/104-link-mails-through-the-outbox.md); without a mail server nothing is queued. */
  outbox?: OutboxHandle
  /** The sign-in throttle's, the sessions list's and the contact form's clock. */
  clock: Clock
  /** Event registration's rules (seats, waiting list, mails). */
  registrations: RegistrationService
  /** The per-address registration limits, shared with the event page's form. */
  registrationLimit: express.RequestHandler[]
  /** The door: check-ins, door links, and the door cookie's middleware. */
  checkIns: CheckIns
  doorLinks: DoorLinks
  doorAccess: DoorAccess
  /** Certificates: issuing in the background, their PDFs and previews. */
  certificates: CertificateService
  /** The per-address limit of certificate look-ups, shared with the verification page. */
  certificateLookupLimit: express.RequestHandler
  /** What the front cache holds and has answered, for administrators' health answer; none without it. */
  frontCacheStatistics?: () => FrontCacheStatistics
}

/**
 * Declares that the writes behind it never change what a public page shows (sessions, passwords, the
 * inbox, people, invitations, uploads, settings): their success keeps the front cache
 * (docs/decisions/036-front-cache.md). A write not declared so drops it, so a new endpoint errs on the side
 * of fresh pages; but one anybody can call (sign-in, the contact form) must be declared, or anybody can
 * empty the cache at will.
 */
const leavesPublicPagesAlone: express.RequestHandler = (_req, res, next) => {
  res.locals.leavesPublicPagesAlone = true
  next()
}

/**
 * Calls `onWrite` when the answer of a state-changing request goes out with a 2xx status, unless its
 * route leaves public pages alone: the write is committed by then (queries are synchronous), and no
 * client can have seen the answer yet.
 */
function notifyPublicPageWrites(onWrite: (pages: ChangedPages) => void): express.RequestHandler {
  return (req, res, next) => {
    if (READ_METHODS.has(req.method)) {
      next()
      return
    }
    const writeHead = res.writeHead
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode
      if (status >= 200 && status < 300 && !this.locals.leavesPublicPagesAlone)
        onWrite(this.locals.changedPages ?? 'all')
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  }
}

export function createApiRouter(ctx: AppContext, sessions: Sessions, options: ApiRouterOptions): Router {
  const api = express.Router()
  // Without SMTP_URL there is no mail server: nothing is queued, and links are shown in the console instead.
  const outbox = options.outbox ?? mailNotConfigured
  if (options.onPublicPagesChanged) api.use(notifyPublicPageWrites(options.onPublicPagesChanged))
  api.use((_req, res, next) => {
    // API answers are per-user and change on every write: never cache them in shared caches.
    res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
    setPolicy(res, API_POLICY)
    next()
  })
  // Per address, before the session is looked up and the body read, so a flood costs as little as possible.
  api.use(apiWriteLimit(ctx))
  api.use(sessions.middleware)
  // A door link's cookie, only for a request without a session (server/auth/door-access.server.ts).
  api.use(options.doorAccess.middleware)
  api.use(express.json({ limit: jsonBodyLimit, strict: true }))
  // Permissions are not decided here: each route names its guard (server/policy/require.server.ts).

  api.use('/health', createHealthRouter(ctx, options.frontCacheStatistics))
  // Public pages show events, chapters, their info and committees: the writes of those routers and of the
  // trash (a restore) drop the front cache. The others are declared to leave public pages alone.
  api.use('/auth', leavesPublicPagesAlone, createAuthRouter(ctx, sessions, outbox, options.clock))
  api.use('/contact', leavesPublicPagesAlone, createContactRouter(ctx, outbox, options.clock))
  api.use('/settings', leavesPublicPagesAlone, createSettingsRouter(ctx, outbox))
  // Checking in and door links change no public page.
  api.use(['/events/:id/check-ins', '/events/:id/door-links'], leavesPublicPagesAlone)
  api.use('/events', createCheckInsRouter(ctx, options))
  // Registrations change the seats left that event pages show: they drop the cached pages.
  api.use('/events', createEventRegistrationsRouter(ctx, options.registrations, options.registrationLimit))
  api.use('/events', createEventsRouter(ctx, options.registrations))
  api.use('/events', createEventReportRouter(ctx, options.clock))
  // A revoked certificate changes its verification page: revoking drops the cached pages.
  api.use('/events', createEventCertificatesRouter(ctx, options.certificates))
  api.use(
    '/certificates',
    createCertificatesRouter(ctx, options.certificates, options.certificateLookupLimit),
  )
  api.use(
    '/certificate-templates',
    leavesPublicPagesAlone,
    createCertificateTemplatesRouter(ctx, options.certificates),
  )
  api.use('/registrations', createRegistrationsRouter(ctx, options.registrations))
  api.use('/chapters', createChaptersRouter(ctx))
  api.use('/users', createUsersRouter(ctx, outbox, options.registrations))
  api.use('/excom', createExcomRouter(ctx))
  api.use('/posts', createPostsRouter(ctx))
  // A committee's page and every page's menus show the committees: their writes drop the cached pages.
  api.use('/committees', createCommitteesRouter(ctx))
  // The site's texts show on every public page (the footer): a save drops the whole front cache.
  api.use('/site', createSiteRouter(ctx))
  api.use('/invitations', leavesPublicPagesAlone, createInvitationsRouter(ctx, sessions, outbox))
  api.use('/people', leavesPublicPagesAlone, createPeopleRouter(ctx))
  api.use('/uploads', leavesPublicPagesAlone, createUploadsRouter(ctx, options.variants))
  api.use('/trash', createTrashRouter(ctx, options.registrations))
  api.use('/activity', createActivityRouter(ctx))
  api.use('/search', createSearchRouter(ctx))
  api.use('/reports', createReportsRouter(ctx, options.clock))

  api.use(apiNotFound)
  api.use(apiErrorHandler(ctx.logger))
  return api
}
