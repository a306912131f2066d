import path from 'node:path'
import type { Database } from '#db/client.server'
import type { SiteClock } from '#db/clock'
import type { Env } from './env.server'
import type { Logger } from './logger.server'

/** What every part of the server shares: one database connection, the parsed settings, the logger, the site's clock. */
export type AppContext = {
  db: Database
  env: Env
  logger: Logger
  /** Now and today in TIME_ZONE (db/clock.ts): every part asks it, none reads the process's zone. */
  clock: SiteClock
}

/** Milliseconds since the epoch. Tests hand in their own to move time on without waiting for it. */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()

export const uploadsDir = (env: Env) => path.join(env.dataDir, 'uploads')
