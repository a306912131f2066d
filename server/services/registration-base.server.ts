import type { Database, Queryable } from '#db/client.server'
import { eventTimes } from '#db/clock'
import { UNDO_WINDOW_MS } from '#db/limits'
import { findRegistrationSettings, settingsInputOf } from '#db/queries/registrations.server'
import type { Event, Registration } from '#db/schema'
import type { FieldErrors, RegistrationSettingsInput } from '#db/validation'
import { derivedLinkToken } from '../auth/one-time-tokens.server'
import { ApiError } from '../errors.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { createRegistrationMailQueue } from './registration-mail-queue.server'

/**
 * What every part of registration shares (docs/product.md#registration): the options, the clock, the one
 * write transaction, the manage link's token, the mails' queue and what follows a commit. Every change is
 * one write transaction (BEGIN IMMEDIATE), its mails queued in it, so a seat, a place in line and a mail
 * exist together or not at all. The parts: registering.server.ts (a visitor registers, group commits),
 * registration-seats.server.ts (cancelling, the waiting list and its offers), registration-manage.server.ts
 * (what the manage link does), registration-officers.server.ts (officers' changes and messages),
 * registration-event-changes.server.ts (an event moved, deleted or restored), registration-due.server.ts
 * (the scheduler's round); registrations.server.ts puts them together.
 */

/** A refusal answered with `status` (400 with field errors, 404, 409, 410); the API answers it as any ApiError. */
export class RegistrationRefused extends ApiError {
  constructor(status: 400 | 404 | 409 | 410, message: string, errors?: FieldErrors) {
    super(status, message, errors)
    this.name = 'RegistrationRefused'
  }
}

/** The hold of an offer never runs past this long before the start; closer, the seat goes straight to them. */
export const OFFER_CUTOFF_BEFORE_START_MS = 2 * 60 * 60 * 1000
/** The reminder goes this long before the start. */
export const REMINDER_BEFORE_START_MS = 24 * 60 * 60 * 1000
/** Attendees hear that a deleted event is off once its Undo has run out, with this margin for a slow Undo. */
export const EVENT_CANCELLED_DELAY_MS = UNDO_WINDOW_MS + 20_000
/** The answer to an attendee cancelling once the event has started. */
export const EVENT_STARTED_MESSAGE = 'The event has started: a registration can no longer be cancelled.'
/** One "send me my link" mail per registration in this long at most: asking again sends nothing new. */
export const LINK_MAIL_EVERY_MS = 10 * 60 * 1000

export type RegistrationServiceOptions = {
  db: Database
  publicUrl: string
  timeZone: string
  offerHoldHours: number
  /** The server's secret: manage-link tokens are made from it (derivedLinkToken). */
  secret: Uint8Array
  outbox: OutboxHandle
  /** After a committed change that public pages show (seats left): the front cache drops its pages. */
  onChange?: () => void
  /** The clock of the rules (tests move it); mails are queued on the outbox's own clock. */
  now?: () => number
  /** A confirmed registration's ticket URL (server/services/tickets.server.ts), for the mails that carry it. */
  ticketUrlOf?: (registration: Registration) => string
  /** A failure after a commit (nudging the outbox, dropping cached pages): logged, never the visitor's. */
  onError?: (error: unknown) => void
}

/** Pending (an officer approves or checks the payment) or confirmed: what a seat given to someone is. */
export const seatStatusOf = (event: Event, settings: RegistrationSettingsInput): 'pending' | 'confirmed' =>
  settings.approval || event.fees > 0 ? 'pending' : 'confirmed'

/** An event's registration settings as the rules read them. */
export const settingsOf = (tx: Queryable, eventId: string): RegistrationSettingsInput =>
  settingsInputOf(findRegistrationSettings(tx, eventId))

export function createRegistrationBase(options: RegistrationServiceOptions) {
  const { db, outbox, publicUrl, timeZone } = options
  const clock = options.now ?? Date.now
  const mailContext = { publicUrl, timeZone }
  const tokenOf = (id: string) => derivedLinkToken(options.secret, 'registration', id)
  const manageUrlOf = (id: string, token = tokenOf(id)) => `${publicUrl}/registrations/${token.token}`
  const { queue, mailOf } = createRegistrationMailQueue({
    db,
    outbox,
    mailContext,
    manageUrlOf,
    ticketUrlOf: options.ticketUrlOf,
  })
  return {
    options,
    db,
    outbox,
    timeZone,
    clock,
    mailContext,
    tokenOf,
    manageUrlOf,
    queue,
    mailOf,
    /** The event has started (its start in TIME_ZONE is past `now`): attendees no longer cancel. */
    eventStarted: (event: Event, now: number) => now >= eventTimes(event, timeZone).start,
    /** After a commit: mail goes out, public pages show the new seats. */
    committed: (queued: number) => {
      if (queued > 0) outbox.wake()
      options.onChange?.()
    },
    /** One write transaction that takes the write lock at once: seats are counted and taken under it. */
    write: <Result>(change: (tx: Queryable) => Result): Result =>
      db.transaction(change, { behavior: 'immediate' }),
  }
}

export type RegistrationBase = ReturnType<typeof createRegistrationBase>
