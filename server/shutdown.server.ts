import type { Server, ServerResponse } from 'node:http'
import type { Logger } from './logger.server'
import { flushHits } from './request-log.server'

/** Requests still running this long after the signal have their connections closed. */
export const SHUTDOWN_GRACE_MS = 8_000
/** Whatever happens, the process is gone this long after the signal (supervisors expect 10 s). */
export const SHUTDOWN_HARD_LIMIT_MS = 9_500

/**
 * Graceful stop on SIGTERM and SIGINT: stop accepting connections at once, let the requests in flight
 * finish (their answers close their connections, and idle keep-alive connections are closed, so nothing
 * holds the server open), then run `cleanup` (close the database) and exit 0. Requests still open after
 * SHUTDOWN_GRACE_MS are cut off.
 */
export function stopGracefullyOnSignals(options: {
  server: Server
  logger: Logger
  cleanup: () => Promise<void> | void
}): void {
  const { server, logger, cleanup } = options
  const inFlight = new Set<ServerResponse>()
  let stopping = false

  // After the app's own listener: a page from the front cache has been answered by then (it is answered
  // at once), and only what is still being answered is kept. Cached pages are most of the traffic, and
  // this check is all they cost it.
  server.on('request', (_req, res: ServerResponse) => {
    if (res.writableEnded) return
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    // A request that comes on a connection still open (its previous answer went out before the signal)
    // is answered with the header too, ahead of the app's listener, so its connection closes after it.
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('Connection', 'close'))
    const startedAt = performance.now()
    logger.info({ signal, inFlight: inFlight.size }, 'Shutting down: finishing requests in flight')
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')

    const cutOff = setTimeout(() => {
      logger.warn(
        { inFlight: inFlight.size },
        `Requests still open after ${SHUTDOWN_GRACE_MS / 1000} s; closing them`,
      )
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    cutOff.unref()
    setTimeout(() => {
      logger.error('Shutdown did not finish in time; exiting')
      process.exit(1)
    }, SHUTDOWN_HARD_LIMIT_MS).unref()

    server.close(async () => {
      clearTimeout(cutOff)
      try {
        await cleanup()
      } catch (error) {
        logger.error({ err: error }, 'Shutdown failed')
        process.exit(1)
      }
      flushHits()
      logger.info({ ms: Math.round(performance.now() - startedAt) }, 'Stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
