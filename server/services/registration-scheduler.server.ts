import type { Logger } from '../logger.server'
import type { RegistrationService } from './registrations.server'

/** How often the running server passes on expired offers and sends reminders (offers expire to the minute). */
export const REGISTRATION_ROUND_MS = 60_000

/**
 * The registration scheduler: once at start, then every `intervalMs`, offers past their hold pass to the
 * next in line and reminders are queued for the outbox to send. The timer never keeps the process up.
 */
export function startRegistrationScheduler(
  registrations: RegistrationService,
  logger: Logger,
  intervalMs = REGISTRATION_ROUND_MS,
  /** Other work of the site that is due at a time (scheduled posts): each answers how much it did. */
  others: { name: string; run: () => number }[] = [],
): () => void {
  const round = () => {
    for (const other of others) {
      try {
        const done = other.run()
        if (done > 0) logger.info({ done }, `${other.name}: round done`)
      } catch (error) {
        logger.error({ err: error }, `${other.name}: round failed`)
      }
    }
    try {
      const done = registrations.runDue()
      if (done.expired + done.reminded + done.listed > 0)
        logger.info(done, "Registrations: offers passed on, reminders and officers' lists queued")
    } catch (error) {
      logger.error({ err: error }, 'Registration round failed')
    }
  }
  round()
  const timer = setInterval(round, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
