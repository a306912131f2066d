import fs from 'node:fs'
import path from 'node:path'
import express, { type Router } from 'express'
import { readBackupStatus } from '../../db/queries/backup-status.server'
import type { Sessions } from '../auth/sessions.server'
import type { AppContext, Clock } from '../context.server'
import { createMailer } from '../mail/mailer.server'
import { mailNotConfigured, type OutboxHandle } from '../mail/outbox.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'
import { apiWriteLimit } from '../rate-limits.server'
import { API_POLICY, setPolicy } from '../security-headers.server'
import type { UploadVariants } from '../uploads/variants.server'
import { createActivityRouter } from './activity.server'
import { createAuthRouter } from './auth.server'
import { createChaptersRouter } from './chapters.server'
import { createContactRouter } from './contact.server'
import { apiErrorHandler, apiNotFound } from './errors.server'
import { createEventsRouter } from './events.server'
import { createExcomRouter } from './excom.server'
import { createInvitationsRouter } from './invitations.server'
import { createPeopleRouter } from './people.server'
import { createSearchRouter } from './search.server'
import { createSettingsRouter } from './settings.server'
import { createTrashRouter } from './trash.server'
import { createUploadsRouter } from './uploads.server'
import { createUsersRouter } from './users.server'

/** The version in package.json (every entry point runs in the project folder). */
function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

/** Largest JSON body the API reads; an event description of 10,000 characters fits many times over. */
export const jsonBodyLimit = '100kb'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type ApiRouterOptions = {
  /** Uploads' resized copies: the upload endpoint adds to it. */
  variants: UploadVariants
  /** Called as a write (any method but GET, HEAD, OPTIONS) answers 2xx, before its first byte is sent. */
  onSuccessfulWrite?: () => void
  /** Mail waiting to be sent (contact notifications); without a mail server nothing is queued. */
  outbox?: OutboxHandle
  /** The sign-in throttle's, the sessions list's and the contact form's clock. */
  clock: Clock
}

/**
 * Calls `onWrite` when the answer of a state-changing request goes out with a 2xx status: the write is
 * committed by then (queries are synchronous), and no client can have seen the answer yet.
 */
function notifySuccessfulWrites(onWrite: () => void): express.RequestHandler {
  return (req, res, next) => {
    if (READ_METHODS.has(req.method)) {
      next()
      return
    }
    const writeHead = res.writeHead
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode
      if (status >= 200 && status < 300) onWrite()
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  }
}

export function createApiRouter(ctx: AppContext, sessions: Sessions, options: ApiRouterOptions): Router {
  const api = express.Router()
  // Without SMTP_URL there is none: links are shown in the console instead of mailed.
  const mailer = createMailer(ctx.env)
  if (options.onSuccessfulWrite) api.use(notifySuccessfulWrites(options.onSuccessfulWrite))
  api.use((_req, res, next) => {
    // API answers are per-user and change on every write: never cache them in shared caches.
    res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
    setPolicy(res, API_POLICY)
    next()
  })
  // Per address, before the session is looked up and the body read, so a flood costs as little as possible.
  api.use(apiWriteLimit(ctx))
  api.use(sessions.middleware)
  api.use(express.json({ limit: jsonBodyLimit, strict: true }))
  // Permissions are not decided here: each route names its guard (server/auth/policy.server.ts).

  // For monitors: the database answers, which version runs since when, and how the last backup went.
  const version = packageVersion()
  api.get('/health', (_req, res) => {
    ctx.db.$client.prepare('SELECT count(*) AS people FROM users').get()
    res.json({
      success: true,
      db: 'ok',
      version,
      uptimeSeconds: Math.round(process.uptime()),
      backup: readBackupStatus(ctx.db),
    })
  })

  api.use('/auth', createAuthRouter(ctx, sessions, mailer, options.clock))
  const outbox = options.outbox ?? mailNotConfigured
  api.use('/contact', createContactRouter(ctx, outbox, options.clock))
  api.use('/settings', createSettingsRouter(ctx, outbox))
  api.use('/events', createEventsRouter(ctx))
  api.use('/chapters', createChaptersRouter(ctx))
  api.use('/users', createUsersRouter(ctx))
  api.use('/excom', createExcomRouter(ctx))
  api.use('/invitations', createInvitationsRouter(ctx, sessions, mailer))
  api.use('/people', createPeopleRouter(ctx))
  api.use('/uploads', createUploadsRouter(ctx, options.variants))
  api.use('/trash', createTrashRouter(ctx))
  api.use('/activity', createActivityRouter(ctx))
  api.use('/search', createSearchRouter(ctx))

  api.use(apiNotFound)
  api.use(apiErrorHandler(ctx.logger))
  return api
}
