import type { Database } from '#db/client.server'
import {
  attachmentsOf,
  dueOutboxMails,
  makePendingOutboxMailsDue,
  markOutboxAttemptFailed,
  markOutboxMailSent,
  nextOutboxAttemptAt,
  pruneSentOutboxMails,
} from '#db/queries/outbox.server'
import type { OutboxMail } from '#db/schema'
import type { Logger } from '../logger.server'
import { WorkerRounds } from '../worker-rounds.server'
import type { Mailer, MailMessage } from './mailer.server'

/** Attempts per mail before it is marked 'failed' (about four hours of retries with the default backoff). */
export const OUTBOX_MAX_ATTEMPTS = 8
const FIRST_RETRY_MS = 60_000
const LONGEST_RETRY_MS = 60 * 60_000
/** Delivered mails are kept this long for the settings page, then forgotten. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000
/** Mails read from the table at a time. */
const BATCH = 20
/** On shutdown, an attempt in flight gets this long to finish before the database closes under it. */
const STOP_WAIT_MS = 3_000

/** 1 minute after the first failed attempt, then 2, 4, 8 … up to an hour. */
export function exponentialBackoff(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), LONGEST_RETRY_MS)
}

export type OutboxOptions = {
  /** The clock (tests). */
  now?: () => number
  /** How long to wait after `failedAttempts` failed attempts (tests make it short). */
  retryDelayMs?: (failedAttempts: number) => number
  maxAttempts?: number
  /**
   * True while something more urgent runs in the process (a burst of registrations): the next mail then
   * waits, BUSY_PAUSE_MS at a time and MAX_BUSY_WAIT_MS in all per round of sending, so a burst's answers
   * come first and its mails right after it.
   */
  busy?: () => boolean
  /**
   * Makes a mail queued with a recipe (OutboxMailFields.recipe) when it is sent; undefined when what it
   * was about does not exist (now): that attempt fails with that reason and is retried as any other.
   */
  makeMail?: (mail: OutboxMail) => MailMessage | undefined
}

/** How long a mail waits before asking again whether the process is still busy. */
const BUSY_PAUSE_MS = 25
/**
 * A round of sending holds its mails back this long at most in all, then sends the rest whether busy or
 * not: a long stream of registrations still gets its mail.
 */
const MAX_BUSY_WAIT_MS = 5_000

/** What the API needs of the outbox: whether mail goes anywhere, its clock, a nudge after queueing some. */
export type OutboxHandle = { configured: boolean; now(): Date; wake(): void }

/**
 * Sends the outbox's pending mails, one at a time, in the server process: at once when woken (after a
 * new row), and on a timer for the next retry. A failed attempt is recorded with its error and tried
 * again after a growing delay; after the last attempt the mail is marked 'failed' and left for the
 * administrator to see.
 */
export class OutboxWorker implements OutboxHandle {
  readonly configured = true
  private readonly clock: () => number
  private readonly retryDelayMs: (failedAttempts: number) => number
  private readonly maxAttempts: number
  private readonly busy: () => boolean
  private readonly makeMail: (mail: OutboxMail) => MailMessage | undefined
  private readonly rounds: WorkerRounds
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    options: OutboxOptions = {},
  ) {
    this.clock = options.now ?? Date.now
    this.retryDelayMs = options.retryDelayMs ?? exponentialBackoff
    this.maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS
    this.busy = options.busy ?? (() => false)
    this.makeMail = options.makeMail ?? (() => undefined)
    this.rounds = new WorkerRounds(() => this.sendDue(), {
      onError: (error) => this.logger.error({ err: error }, 'Outbox round failed'),
      afterRound: () => this.scheduleNextRetry(),
    })
  }

  private get stopped(): boolean {
    return this.rounds.stopped
  }

  /** The time on the outbox's clock: new mail is due from then. */
  now(): Date {
    return new Date(this.clock())
  }

  /**
   * Starts sending. Mail left pending by an earlier run is tried at once rather than after its backoff:
   * a restart is often what fixed the mail settings.
   */
  start(): void {
    makePendingOutboxMailsDue(this.db, new Date(this.clock()))
    this.wake()
  }

  /** Sends what is due now (or soon after, when a round is already running). */
  wake(): void {
    if (!this.rounds.isRunning) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    this.rounds.wake()
  }

  /**
   * Resolves once no round is running and no mail is due on the outbox's clock: everything sendable now
   * has been handed to the mail server (or failed and waits for its retry). Tests wait for it before they
   * say a mail was not sent.
   */
  async drained(): Promise<void> {
    for (;;) {
      await this.rounds.idle()
      if (this.stopped || dueOutboxMails(this.db, new Date(this.clock()), 1).length === 0) return
      this.wake()
    }
  }

  /** No new attempt starts; one in flight gets a moment to finish and record itself. */
  async stop(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    await this.rounds.stop(STOP_WAIT_MS)
    this.mailer.close()
  }

  private async sendDue(): Promise<void> {
    pruneSentOutboxMails(this.db, new Date(this.clock() - KEEP_SENT_MS))
    let holdBack = MAX_BUSY_WAIT_MS
    for (;;) {
      const due = dueOutboxMails(this.db, new Date(this.clock()), BATCH)
      if (due.length === 0) return
      for (const mail of due) {
        holdBack -= await this.whileBusy(holdBack)
        if (this.stopped) return
        await this.attempt(mail)
      }
    }
  }

  /** Waits while the process is busy with something more urgent (options.busy), `upToMs` at most; returns how long. */
  private async whileBusy(upToMs: number): Promise<number> {
    const since = performance.now()
    while (!this.stopped && this.busy() && performance.now() - since < upToMs)
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS))
    return performance.now() - since
  }

  private async attempt(mail: OutboxMail): Promise<void> {
    try {
      const message = mail.recipe === null ? storedMessageOf(mail) : this.makeMail(mail)
      // Retried as a failed send: an event restored from the trash brings its registrations back.
      if (!message) throw new Error(GONE)
      await this.mailer.send(message)
    } catch (error) {
      const failedAttempts = mail.attempts + 1
      const retryAt =
        failedAttempts >= this.maxAttempts
          ? undefined
          : new Date(this.clock() + this.retryDelayMs(failedAttempts))
      const message = error instanceof Error ? error.message : String(error)
      markOutboxAttemptFailed(this.db, mail.id, message.slice(0, 500), retryAt)
      this.logger.warn(
        { mail: mail.id, kind: mail.kind, attempts: failedAttempts, err: error, retryAt },
        retryAt ? 'Could not send a mail; will retry' : 'Could not send a mail; giving up',
      )
      return
    }
    markOutboxMailSent(this.db, mail.id, new Date(this.clock()))
  }

  private scheduleNextRetry(): void {
    let delay: number
    try {
      const next = nextOutboxAttemptAt(this.db)
      if (!next) return
      // setTimeout holds at most about 24.8 days; a later retry is simply looked at again then.
      delay = Math.min(Math.max(0, next.getTime() - this.clock()), 2 ** 31 - 1)
    } catch (error) {
      // The database could not be read (busy, say): look again later rather than stop sending for good.
      this.logger.error({ err: error }, 'Could not schedule the outbox')
      delay = FIRST_RETRY_MS
    }
    this.timer = setTimeout(() => this.wake(), delay)
    // Waiting mail never keeps the process alive; it is sent after the next start.
    this.timer.unref()
  }
}

/** Why a mail made from a recipe was not sent. */
const GONE = 'What this mail is about does not exist (now)'

/** A mail queued whole, as the mailer takes it. */
const storedMessageOf = (mail: OutboxMail): MailMessage => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? undefined,
  replyTo: mail.replyTo ?? undefined,
  attachments: attachmentsOf(mail),
})

/** No mail server: nothing is queued, so there is nothing to send. */
export const mailNotConfigured: OutboxHandle = { configured: false, now: () => new Date(), wake: () => {} }
