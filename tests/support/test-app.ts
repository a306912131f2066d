import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'
import type { DestinationStream } from 'pino'
import { type Database, openDataDirDatabase } from '#db/client.server'
import { createSiteClock } from '#db/clock'
import type { Post } from '#db/schema'
import { type AppOptions, createApp } from '#server/app.server'
import type { AppContext } from '#server/context.server'
import { type EnvInput, parseEnv } from '#server/env.server'
import type { FrontCache } from '#server/front-cache.server'
import { createLogger } from '#server/logger.server'
import type { OutboxWorker } from '#server/mail/outbox.server'
import type { CertificateService } from '#server/services/certificate-queue.server'
import type { RegistrationService } from '#server/services/registrations.server'
import { seedPosts } from '#server/services/seed-posts.server'
import { freshDataDir } from './server-process'

export type TestApp = {
  url: string
  db: Database
  ctx: AppContext
  /** The Express app itself, to read the routes it mounts. */
  express: Express
  /** The front cache in front of the app (production pages only). */
  frontCache: FrontCache | undefined
  /** Event registration's rules: a test runs the scheduler's round with `runDue()`. */
  registrations: RegistrationService
  /** Scheduled posts: a test runs the scheduler's round for them with `publishDuePosts()`. */
  publishDuePosts: () => Post[]
  /** The outbox worker, with SMTP_URL set: `wake()` it after moving its clock. */
  outbox: OutboxWorker | undefined
  /** Resolves once the outbox has sent all that is due (its own clock): wait for it before saying a mail was not sent. */
  outboxDrained: () => Promise<void>
  /** Issues certificates in the background: `idle()` waits for its queue to empty. */
  certificates: CertificateService
  /** fetch() against the app, with a path relative to its URL. */
  request: (path: string, init?: RequestInit) => Promise<Response>
  close: () => Promise<void>
}

/**
 * The real Express app on a real SQLite file in a fresh data directory, listening on a free loopback
 * port. Pages are off unless asked for; API tests talk to it over HTTP like any client.
 */
export async function startTestApp(
  options: {
    env?: Partial<Record<keyof EnvInput, string>>
    pages?: AppOptions['pages']
    /** Where log lines go (with LOG_LEVEL set in env), to read them in a test. */
    logStream?: DestinationStream
    /** The front cache's options (production pages only). */
    frontCache?: AppOptions['frontCache']
    /** The outbox worker's clock and retry delays. */
    outbox?: AppOptions['outbox']
    /** The clock of sessions, the sign-in throttle and the contact form's fill time. */
    clock?: AppOptions['clock']
    /** Registration's clock; the scheduler runs no rounds of its own unless `roundMs` is given. */
    registrations?: AppOptions['registrations']
  } = {},
): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: freshDataDir(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  const db = openDataDirDatabase(env.dataDir)
  const ctx: AppContext = {
    db,
    env,
    logger: createLogger(env.LOG_LEVEL, options.logStream),
    clock: createSiteClock(env.TIME_ZONE, options.clock),
  }
  const { app, handler, close, frontCache, registrations, publishDuePosts, outbox, certificates } =
    await createApp(ctx, {
      pages: options.pages ?? 'none',
      frontCache: options.frontCache,
      outbox: options.outbox,
      clock: options.clock,
      registrations: { roundMs: false, ...options.registrations },
    })
  // The blog's articles, as the server's start makes them (server/main.ts).
  seedPosts(ctx)
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(handler).listen(0, '127.0.0.1', () => resolve(listening))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    db,
    ctx,
    express: app,
    frontCache,
    registrations,
    publishDuePosts,
    outbox,
    outboxDrained: async () => {
      if (!outbox) throw new Error('no outbox: start the app with SMTP_URL')
      await outbox.drained()
    },
    certificates,
    request: (path, init) => fetch(`${url}${path}`, init),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await close()
      db.$client.close()
    },
  }
}
