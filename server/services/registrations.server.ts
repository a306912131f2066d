import { formatLocalDateTime } from '#components/shared/dates'
import { site } from '#content/site'
import { type Database, type Queryable, savepointed } from '#db/client.server'
import { eventTimes, localDateOf } from '#db/clock'
import { newId } from '#db/ids.server'
import { UNDO_WINDOW_MS } from '#db/limits'
import { findChapterById } from '#db/queries/accounts.server'
import type { Actor } from '#db/queries/activity.server'
import { logActivity } from '#db/queries/activity.server'
import { findEventById } from '#db/queries/events.server'
import { anyMailGone, enqueueOutboxMails, outboxProgress } from '#db/queries/outbox.server'
import {
  ACTIVE_STATUSES,
  confirmedWithoutReminder,
  countRegistrationsByStatus,
  EVENT_CANCELLED_MAIL,
  expiredOffers,
  findActiveRegistrationByEmail,
  findRegistration,
  findRegistrationById,
  findRegistrationSettings,
  firstWaiting,
  insertRegistration,
  nextRegistrationSeq,
  type RegistrationAvailability,
  registrationAvailability,
  registrationEventsBetween,
  registrationsInStatus,
  registrationWindowAt,
  SEAT_STATUSES,
  type StatusCounts,
  saveRegistrationSettings,
  seatIsFree,
  seatsTaken,
  settingsInputOf,
  updateRegistration,
} from '#db/queries/registrations.server'
import { readSiteContactEmail } from '#db/queries/site-texts.server'
import type { Event, OutboxMail, Registration, RegistrationStatus } from '#db/schema'
import {
  type AttendeeMessageInput,
  type FieldErrors,
  type RegistrationForm,
  type RegistrationSettingsInput,
  registrationInputSchemaFor,
  toFieldErrors,
} from '#db/validation'
import { derivedLinkToken } from '../auth/one-time-tokens.server'
import { ApiError } from '../errors.server'
import type { MailMessage } from '../mail/mailer.server'
import type { OutboxHandle } from '../mail/outbox.server'
import {
  isSeated,
  REGISTRATION_MAIL_KINDS,
  type RegistrationMailInput,
  recipeOf,
  registrationMail,
  registrationMailToMake,
} from '../mail/registration-mails.server'
import { lookUpRegistration, type RegistrationView } from './links.server'
import { queueOfficersDigests } from './officers-digest.server'

/**
 * The rules of event registration (docs/product.md#registration): seats, the waiting list and its offers,
 * officers' changes, and the mails each change queues. Every change is one write transaction (BEGIN
 * IMMEDIATE), its mails queued in it, so a seat, a place in line and a mail exist together or not at all.
 */

/**
 * What a message's mails are about: the event and the message, so its progress is read only through its
 * own event (another chapter's event names no message of ours).
 */
const messageSubjectOf = (eventId: string, messageId: string) => `${eventId}/${messageId}`

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
/** Registration forms whose compiled schema is kept (inputSchemaOf). */
const INPUT_SCHEMAS_KEPT = 256
/** A group commit this recent means registrations are arriving (busy()). */
const BUSY_WINDOW_MS = 50
/** Registrations taken in one group commit at most. */
export const GROUP_COMMIT_MAX = 200
/**
 * Turns of the event loop a group commit waits at most while each turn brings another registration. Node
 * (libuv) accepts one connection per turn, so a crowd queued in the kernel comes in one request a turn:
 * without the wait every round took one registration and paid a commit (an fsync) for it.
 */
export const GATHER_TURNS = 32
/** Attendees hear that a deleted event is off once its Undo has run out, with this margin for a slow Undo. */
export const EVENT_CANCELLED_DELAY_MS = UNDO_WINDOW_MS + 20_000

/** The answer to an attendee cancelling once the event has started. */
export const EVENT_STARTED_MESSAGE = 'The event has started: a registration can no longer be cancelled.'

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

/** The mails of a confirmed registration that carry its ticket. */
const TICKET_MAIL_KINDS = new Set<RegistrationMailInput['kind']>([
  'confirmed',
  'event-restored',
  'reminder',
  'update',
  'ticket',
  'link',
])

/** One "send me my link" mail per registration in this long at most: asking again sends nothing new. */
export const LINK_MAIL_EVERY_MS = 10 * 60 * 1000

/** The highest ticket version a code holds (two bytes). */
const TICKET_VERSION_MAX = 0xffff

/**
 * What one group commit knows of an event once it has read it: its registration settings, the count of
 * each status and the last place in its order. The round holds the write lock, so only its own
 * registrations change them, and registerIn keeps them up to date.
 */
type RoundState = {
  event: Event
  settings: RegistrationSettingsInput
  counts: StatusCounts
  lastSeq: number
}

export type Registered = {
  registration: Registration
  position: number | null
  manageUrl: string
}

const seatsLine = (counts: StatusCounts) =>
  `${counts.confirmed} confirmed, ${counts.pending} pending, ${counts.offered} offered`

export function createRegistrationService(options: RegistrationServiceOptions) {
  const { db, outbox, publicUrl, timeZone } = options
  const clock = options.now ?? Date.now
  const holdMs = options.offerHoldHours * 60 * 60 * 1000
  const mailContext = { publicUrl, timeZone }

  /** The event has started (its start in TIME_ZONE is past `now`): attendees no longer cancel. */
  const eventStarted = (event: Event, now: number) => now >= eventTimes(event, timeZone).start

  const tokenOf = (id: string) => derivedLinkToken(options.secret, 'registration', id)
  const manageUrlOf = (id: string, token = tokenOf(id)) => `${publicUrl}/registrations/${token.token}`

  /** The event's payment instructions for a mail that says where to pay (a paying registration's "received"). */
  const paymentInstructionsFor = (
    tx: Queryable,
    mail: Pick<RegistrationMailInput, 'kind' | 'event' | 'registration'>,
  ): string | undefined =>
    mail.kind === 'pending' && mail.registration.paymentMethod
      ? findRegistrationSettings(tx, mail.event.id)?.paymentInstructions || undefined
      : undefined

  /** Queues attendees' mails in the caller's transaction; nothing without a mail server. */
  const queue = (tx: Queryable, mails: Omit<RegistrationMailInput, 'manageUrl'>[]): number => {
    if (!outbox.configured || mails.length === 0) return 0
    return enqueueOutboxMails(
      tx,
      mails.map((mail) =>
        registrationMail(
          {
            ...mail,
            manageUrl: manageUrlOf(mail.registration.id),
            ticketUrl: ticketUrlIn(mail),
            paymentInstructions: paymentInstructionsFor(tx, mail),
          },
          mailContext,
        ),
      ),
      outbox.now(),
    )
  }

  /** The ticket's URL for a mail that carries it: a confirmed registration's confirmation, reminder, … */
  const ticketUrlIn = (mail: Pick<RegistrationMailInput, 'kind' | 'registration'>) =>
    options.ticketUrlOf && mail.registration.status === 'confirmed' && TICKET_MAIL_KINDS.has(mail.kind)
      ? options.ticketUrlOf(mail.registration)
      : undefined

  /**
   * A registration's mail queued without its text (registrationMailToMake), made now that it is sent:
   * the registration as it was when queued (status, SEQUENCE), the event as it is. Undefined when either
   * is gone, or the registration was anonymised.
   */
  const mailOf = (mail: OutboxMail): MailMessage | undefined => {
    if (!mail.recipe || !mail.subjectId) return undefined
    const recipe = recipeOf(mail.recipe)
    const stored = findRegistrationById(db, mail.subjectId)
    const event = stored && findEventById(db, stored.eventId)
    if (!stored || !event || stored.anonymisedAt) return undefined
    const registration = { ...stored, status: recipe.status, icsSequence: recipe.icsSequence }
    const made = registrationMail(
      {
        kind: recipe.kind,
        event,
        registration,
        place: recipe.place,
        manageUrl: manageUrlOf(registration.id),
        ticketUrl: ticketUrlIn({ kind: recipe.kind, registration }),
        paymentInstructions: paymentInstructionsFor(db, { kind: recipe.kind, event, registration }),
      },
      mailContext,
    )
    return {
      to: mail.to,
      subject: made.subject,
      text: made.text,
      html: made.html,
      attachments: made.attachments,
    }
  }

  /** After a commit: mail goes out, public pages show the new seats. */
  const committed = (queued: number) => {
    if (queued > 0) outbox.wake()
    options.onChange?.()
  }

  /** One write transaction that takes the write lock at once: seats are counted and taken under it. */
  const write = <Result>(change: (tx: Queryable) => Result): Result =>
    db.transaction(change, { behavior: 'immediate' })

  /**
   * The registration form's schema of an event, made once per form: compiling it for every request was a
   * tenth of a registration's CPU time under a burst. Forms change rarely; the memory is dropped when full.
   */
  const inputSchemas = new Map<string, ReturnType<typeof registrationInputSchemaFor>>()
  const inputSchemaOf = (event: Event, settings: RegistrationSettingsInput) => {
    const form: RegistrationForm = { ...settings, fees: event.fees }
    const key = JSON.stringify([form.fees, form.questions, form.paymentMethods])
    let schema = inputSchemas.get(key)
    if (!schema) {
      if (inputSchemas.size >= INPUT_SCHEMAS_KEPT) inputSchemas.clear()
      schema = registrationInputSchemaFor(form)
      inputSchemas.set(key, schema)
    }
    return schema
  }

  /** Pending (an officer approves or checks the payment) or confirmed: what a seat given to someone is. */
  const seatStatusOf = (event: Event, settings: RegistrationSettingsInput): 'pending' | 'confirmed' =>
    settings.approval || event.fees > 0 ? 'pending' : 'confirmed'

  const loadOpenEvent = (tx: Queryable, eventId: string) => {
    const event = findEventById(tx, eventId)
    const stored = event ? findRegistrationSettings(tx, eventId) : undefined
    if (!event || !stored?.enabled)
      throw new RegistrationRefused(404, 'This event has no registration on this site.')
    return { event, settings: settingsInputOf(stored) }
  }

  /**
   * Gives freed seats to the waiting list, first in line first: an offer held for OFFER_HOLD_HOURS (never
   * past 2 hours before the start), or the seat itself when that is closer than the hold. Runs inside the
   * transaction that freed the seats; returns the mails queued.
   */
  const fillFreedSeats = (tx: Queryable, event: Event, settings: RegistrationSettingsInput): number => {
    if (!settings.enabled) return 0
    const now = clock()
    const { start } = eventTimes(event, timeZone)
    let queued = 0
    for (;;) {
      const counts = countRegistrationsByStatus(tx, event.id)
      if (settings.capacity !== null && seatsTaken(counts) >= settings.capacity) return queued
      const next = firstWaiting(tx, event.id)
      if (!next) return queued
      const holdUntil = Math.min(now + holdMs, start - OFFER_CUTOFF_BEFORE_START_MS)
      const sequence = next.icsSequence + 1
      if (holdUntil <= now) {
        const status = seatStatusOf(event, settings)
        const seated = updateRegistration(tx, next.id, {
          status,
          icsSequence: sequence,
          confirmedAt: status === 'confirmed' ? new Date(now) : null,
        })
        queued += queue(tx, [{ kind: status, event, registration: seated }])
      } else {
        const offered = updateRegistration(tx, next.id, {
          status: 'offered',
          icsSequence: sequence,
          offerExpiresAt: new Date(holdUntil),
        })
        queued += queue(tx, [{ kind: 'offer', event, registration: offered }])
      }
    }
  }

  /** Cancels a registration in the caller's transaction; a seat it held goes to the waiting list. */
  const cancelIn = (
    tx: Queryable,
    event: Event,
    registration: Registration,
    reason: 'attendee' | 'officer' | 'offer-expired',
  ): number => {
    const heldSeat = (SEAT_STATUSES as readonly string[]).includes(registration.status)
    const cancelled = updateRegistration(tx, registration.id, {
      status: 'cancelled',
      cancelReason: reason,
      cancelledAt: new Date(clock()),
      offerExpiresAt: null,
      icsSequence: registration.icsSequence + 1,
    })
    // Every reason is told, an offer that ran out too: its holder may still be waiting for the seat.
    let queued = queue(tx, [
      { kind: 'cancelled', event, registration: cancelled, hadSeat: isSeated(registration.status) },
    ])
    if (heldSeat) queued += fillFreedSeats(tx, event, settingsInputOf(findRegistrationSettings(tx, event.id)))
    return queued
  }

  /**
   * One registration inside the caller's write transaction: the event's registration must be open, the
   * email not registered yet; a free seat makes it confirmed (or pending, with approval or fees), a full
   * event puts it on the waiting list (or refuses it without one, whatever the address). Its mail is
   * queued with it. `round` holds what the transaction has read of each event so far (RoundState).
   */
  const registerIn = (
    tx: Queryable,
    eventId: string,
    body: unknown,
    round: Map<string, RoundState>,
  ): Registered & { queued: number } => {
    let state = round.get(eventId)
    if (!state) {
      const { event, settings } = loadOpenEvent(tx, eventId)
      state = {
        event,
        settings,
        counts: countRegistrationsByStatus(tx, event.id),
        lastSeq: nextRegistrationSeq(tx, event.id) - 1,
      }
      round.set(eventId, state)
    }
    const { event, settings, counts } = state
    const now = clock()
    const window = registrationWindowAt(event, settings, now, timeZone)
    if (window.phase === 'not-open')
      throw new RegistrationRefused(
        409,
        `Registration opens on ${formatLocalDateTime(settings.opensAt ?? '')} (${timeZone} time).`,
      )
    if (window.phase === 'closed')
      throw new RegistrationRefused(409, 'Registration for this event is closed.')
    const parsed = inputSchemaOf(event, settings).safeParse(body)
    if (!parsed.success)
      throw new RegistrationRefused(400, 'Some fields are not valid.', toFieldErrors(parsed.error))
    const input = parsed.data
    const seatFree = seatIsFree(settings.capacity, counts)
    // Full before 'already registered': a full event answers the same whatever the address, so nobody
    // learns who registered without creating a registration.
    if (!seatFree && !settings.waitlist) throw new RegistrationRefused(409, 'This event is full.')
    if (findActiveRegistrationByEmail(tx, event.id, input.email))
      throw new RegistrationRefused(409, 'This email address is already registered for this event.', {
        email: 'This email address is already registered for this event',
      })
    const status: RegistrationStatus = seatFree ? seatStatusOf(event, settings) : 'waitlisted'
    const id = newId()
    const token = tokenOf(id)
    const registration = insertRegistration(tx, {
      id,
      eventId: event.id,
      seq: state.lastSeq + 1,
      status,
      name: input.name,
      email: input.email,
      phone: input.phone,
      answers: JSON.stringify(input.answers),
      paymentMethod: input.paymentMethod ?? null,
      transactionId: input.paymentMethod ? (input.transactionId ?? '') : null,
      tokenHash: token.hash,
      confirmedAt: status === 'confirmed' ? new Date(now) : null,
    })
    // Last in line: everyone waiting registered before it (waitingPlace, without counting again).
    const position = status === 'waitlisted' ? counts.waitlisted + 1 : null
    const manageUrl = manageUrlOf(id, token)
    // Made when sent (mailOf): making it here was a third of a registration's time under a burst.
    const queued = outbox.configured
      ? enqueueOutboxMails(
          tx,
          [
            registrationMailToMake(
              { kind: status, event, registration, place: position ?? undefined },
              mailContext,
            ),
          ],
          outbox.now(),
        )
      : 0
    // Taken: what the round knows of the event stays true (a refusal above leaves it as it was).
    counts[status]++
    state.lastSeq = registration.seq
    return { registration, position, manageUrl, queued }
  }

  /** registerIn in a savepoint of the caller's transaction. */
  const registerInSavepoint = savepointed(
    db,
    (eventId: string, body: unknown, round: Map<string, RoundState>) => registerIn(db, eventId, body, round),
  )

  /** Registrations waiting for the next group commit (registerSoon). */
  let waiting: {
    eventId: string
    body: unknown
    resolve: (done: Registered) => void
    reject: (error: unknown) => void
  }[] = []
  let draining = false
  /**
   * When the last group commit ended (performance.now()): busy() tells the outbox a burst is under way. Its
   * end, not its start: a round of 200 takes longer than BUSY_WINDOW_MS, and the outbox then made its
   * mails between the rounds of a burst still arriving.
   */
  let lastRoundEndedAt = Number.NEGATIVE_INFINITY
  /** How many were waiting at the last turn of the loop, and how many more turns the next round may wait. */
  let waitingAtTurn = 0
  let turnsLeft = 0

  /**
   * The next round runs once a turn of the loop brings nobody new (or after GATHER_TURNS, or when full).
   * Its first look is in the turn that scheduled it, which brings nobody more: that look always waits.
   */
  const scheduleRound = () => {
    draining = true
    waitingAtTurn = waiting.length - 1
    turnsLeft = GATHER_TURNS
    setImmediate(gatherOrDrain)
  }
  const gatherOrDrain = () => {
    const arrived = waiting.length > waitingAtTurn
    if (arrived && turnsLeft > 0 && waiting.length < GROUP_COMMIT_MAX) {
      turnsLeft--
      waitingAtTurn = waiting.length
      setImmediate(gatherOrDrain)
      return
    }
    drainWaiting()
  }

  /**
   * Takes the registrations that arrived since the last round, in arrival order, in one write transaction
   * (each in a savepoint of its own: one refused leaves the others), and answers each once it is committed.
   */
  const drainWaiting = () => {
    draining = false
    const batch = waiting.slice(0, GROUP_COMMIT_MAX)
    waiting = waiting.slice(batch.length)
    if (waiting.length > 0) scheduleRound()
    const outcomes: ({ done: Registered } | { error: unknown })[] = []
    let queued = 0
    try {
      write(() => {
        const round = new Map<string, RoundState>()
        for (const item of batch) {
          try {
            const { queued: mails, ...done } = registerInSavepoint(item.eventId, item.body, round)
            queued += mails
            outcomes.push({ done })
          } catch (error) {
            outcomes.push({ error })
          }
        }
      })
    } catch (error) {
      for (const item of batch) item.reject(error)
      return
    } finally {
      lastRoundEndedAt = performance.now()
    }
    try {
      committed(queued)
    } catch (error) {
      // The registrations are on disk whatever the mail's nudge or the cache did.
      options.onError?.(error)
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]
      if (outcome && 'done' in outcome) item.resolve(outcome.done)
      else item.reject(outcome?.error)
    })
  }

  /** When each registration last had its link sent on request (sendManageLink); old entries leave as it runs. */
  const linkMailsSent = new Map<string, number>()

  const view = (token: string): RegistrationView => {
    const found = lookUpRegistration(db, token, clock())
    if (!found) throw new RegistrationRefused(404, 'This registration link is not valid.')
    return found
  }

  return {
    manageUrlOf,
    tokenOf,
    mailOf,
    /**
     * Registrations are arriving (some wait for their round, or a round ran in the last BUSY_WINDOW_MS):
     * the outbox holds its mail back a moment so a burst's answers are not slowed by its mails.
     */
    busy: () => draining || performance.now() - lastRoundEndedAt < BUSY_WINDOW_MS,
    view,
    /** The registration of a manage link's token, or undefined. */
    find: (token: string) => lookUpRegistration(db, token, clock()),

    /** What an event's registration form asks (its questions, fees and payment methods); undefined for no event. */
    formOf(eventId: string): RegistrationForm | undefined {
      const event = findEventById(db, eventId)
      if (!event) return undefined
      return { ...settingsInputOf(findRegistrationSettings(db, eventId)), fees: event.fees }
    },

    /**
     * A visitor registers: one write transaction that counts and takes the seat, and queues the mail
     * (registerIn).
     */
    register(eventId: string, body: unknown): Registered {
      const { queued, ...registered } = write((tx) => registerIn(tx, eventId, body, new Map()))
      committed(queued)
      return registered
    },

    /**
     * The same for requests (POST /api/events/{id}/registrations and the event page's form): registrations
     * that arrive together share one commit (a group commit), each answered only once it is on disk. A
     * burst then costs one fsync per round instead of one per registration (docs/decisions/074-registration-burst-and-bench.md).
     */
    registerSoon(eventId: string, body: unknown): Promise<Registered> {
      return new Promise((resolve, reject) => {
        waiting.push({ eventId, body, resolve, reject })
        if (!draining) scheduleRound()
      })
    },

    /** The attendee cancels through the manage link. */
    cancelByAttendee(token: string): RegistrationView {
      let queued = 0
      write((tx) => {
        const found = lookUpRegistration(tx, token, clock())
        if (!found) throw new RegistrationRefused(404, 'This registration link is not valid.')
        if (found.registration.status === 'cancelled')
          throw new RegistrationRefused(409, 'This registration is already cancelled.')
        // After the start the registration is a record of who came: the reports count it.
        if (eventStarted(found.event, clock())) throw new RegistrationRefused(409, EVENT_STARTED_MESSAGE)
        queued = cancelIn(tx, found.event, found.registration, 'attendee')
      })
      committed(queued)
      return view(token)
    },

    /** The event's registration state and seats left now, as its page shows them; undefined for no event. */
    availabilityOf(
      eventId: string,
    ): { state: RegistrationAvailability['state']; seatsLeft: number | null } | undefined {
      const event = findEventById(db, eventId)
      if (!event) return undefined
      const settings = settingsInputOf(findRegistrationSettings(db, eventId))
      const { state, seatsLeft } = registrationAvailability(db, event, settings, clock(), timeZone)
      return { state, seatsLeft }
    },

    /** Whether a registration's mails go anywhere (SMTP_URL is set). */
    mailConfigured: () => outbox.configured,

    /**
     * "Send me my link": the registration of this address for the event, if it has one that is not
     * cancelled, gets its manage link (and a confirmed one its ticket) by mail, at most once in
     * LINK_MAIL_EVERY_MS. The caller learns nothing of whether the address is registered.
     */
    sendManageLink(eventId: string, email: string): void {
      const registration = findActiveRegistrationByEmail(db, eventId, email)
      const event = registration && findEventById(db, eventId)
      if (!registration || !event) return
      const now = clock()
      for (const [id, at] of linkMailsSent) if (now - at >= LINK_MAIL_EVERY_MS) linkMailsSent.delete(id)
      if (linkMailsSent.has(registration.id)) return
      linkMailsSent.set(registration.id, now)
      // Nothing a public page shows changed: the mail goes, the cached pages stay.
      if (queue(db, [{ kind: 'link', event, registration }]) > 0) outbox.wake()
    },

    /**
     * The attendee takes the seat offered to them. An offer past its hold is passed on at once and
     * answered 410.
     */
    acceptOffer(token: string): RegistrationView {
      let queued = 0
      const outcome = write((tx) => {
        const found = lookUpRegistration(tx, token, clock())
        if (!found) throw new RegistrationRefused(404, 'This registration link is not valid.')
        const { registration, event } = found
        if (found.offerExpired) {
          queued = cancelIn(tx, event, registration, 'offer-expired')
          return 'expired' as const
        }
        if (registration.status === 'cancelled' && registration.cancelReason === 'offer-expired')
          return 'expired' as const
        if (registration.status !== 'offered')
          throw new RegistrationRefused(409, 'There is no seat offered to this registration.')
        const settings = settingsInputOf(findRegistrationSettings(tx, event.id))
        const status = seatStatusOf(event, settings)
        const seated = updateRegistration(tx, registration.id, {
          status,
          offerExpiresAt: null,
          confirmedAt: status === 'confirmed' ? new Date(clock()) : null,
          icsSequence: registration.icsSequence + 1,
        })
        queued = queue(tx, [{ kind: status, event, registration: seated }])
        return 'accepted' as const
      })
      committed(queued)
      if (outcome === 'expired')
        throw new RegistrationRefused(410, 'This offer has expired: the seat has gone to the next in line.')
      return view(token)
    },

    /**
     * An officer confirms (approves, marks paid, or takes from the waiting list, even past the capacity:
     * their call) or cancels registrations of the event, each logged. A confirmed or cancelled one is left
     * as it is. Returns how many changed.
     */
    setStatusByOfficer(event: Event, ids: string[], status: 'confirmed' | 'cancelled', actor: Actor): number {
      let queued = 0
      const changed = write((tx) => {
        let count = 0
        for (const id of ids) {
          const registration = findRegistration(tx, event.id, id)
          if (!registration || registration.status === 'cancelled' || registration.status === status) continue
          if (status === 'cancelled') queued += cancelIn(tx, event, registration, 'officer')
          else {
            const confirmed = updateRegistration(tx, registration.id, {
              status: 'confirmed',
              offerExpiresAt: null,
              confirmedAt: new Date(clock()),
              icsSequence: registration.icsSequence + 1,
            })
            queued += queue(tx, [{ kind: 'confirmed', event, registration: confirmed }])
          }
          logActivity(tx, {
            actor,
            action: status === 'confirmed' ? 'confirm' : 'cancel',
            type: 'registration',
            itemId: registration.id,
            itemTitle: `${registration.name}, ${event.title}`,
            chapterId: event.ownerId,
            details: { status: [registration.status, status] },
          })
          count++
        }
        return count
      })
      committed(queued)
      return changed
    },

    /**
     * A new ticket for a confirmed registration (a lost phone, a shared screenshot, a changed name): its
     * version grows, so every older code is refused as replaced, and the new one is mailed. The name
     * changes with it when given. Answers the registration as it is now.
     */
    reissueTicket(event: Event, id: string, actor: Actor, name?: string): Registration {
      let queued = 0
      const after = write((tx) => {
        const registration = findRegistration(tx, event.id, id)
        if (!registration) throw new RegistrationRefused(404, 'Registration not found.')
        if (name === undefined && registration.status !== 'confirmed')
          throw new RegistrationRefused(409, 'Only a confirmed registration has a ticket.')
        if (name !== undefined && name === registration.name) return registration
        const newTicket = registration.status === 'confirmed'
        if (newTicket && registration.ticketVersion >= TICKET_VERSION_MAX)
          throw new RegistrationRefused(409, 'This registration has had too many tickets.')
        const updated = updateRegistration(tx, registration.id, {
          ...(name === undefined ? {} : { name }),
          ...(newTicket ? { ticketVersion: registration.ticketVersion + 1 } : {}),
        })
        if (newTicket) queued += queue(tx, [{ kind: 'ticket', event, registration: updated }])
        logActivity(tx, {
          actor,
          action: 'update',
          type: 'registration',
          itemId: registration.id,
          itemTitle: `${updated.name}, ${event.title}`,
          chapterId: event.ownerId,
          details: {
            ...(name === undefined ? {} : { name: [registration.name, name] }),
            ...(newTicket ? { ticketVersion: [registration.ticketVersion, updated.ticketVersion] } : {}),
          },
        })
        return updated
      })
      committed(queued)
      return after
    },

    /**
     * Saves an event's registration settings inside the event's own write (its transaction). A capacity
     * below the seats already taken is refused; a larger one (or a waiting list to fill) promotes.
     */
    saveSettingsIn(tx: Queryable, event: Event, input: RegistrationSettingsInput): number {
      const counts = countRegistrationsByStatus(tx, event.id)
      const taken = seatsTaken(counts)
      if (input.capacity !== null && input.capacity < taken) {
        const message = `Capacity cannot be lower than the ${taken} seats already taken (${seatsLine(counts)}). Cancel registrations first.`
        throw new RegistrationRefused(409, message, { 'registration.capacity': message })
      }
      saveRegistrationSettings(tx, event.id, input)
      return fillFreedSeats(tx, event, input)
    },

    /**
     * After an event's update, inside its transaction: a new date, time or place is mailed to every
     * registration still on (with the calendar file at SEQUENCE + 1), and the reminder is due again.
     */
    eventChangedIn(tx: Queryable, before: Event, after: Event): number {
      const moved =
        before.eventDate !== after.eventDate ||
        before.startTime !== after.startTime ||
        before.endTime !== after.endTime ||
        before.location !== after.location
      if (!moved) return 0
      const timeMoved = before.eventDate !== after.eventDate || before.startTime !== after.startTime
      const mails: Omit<RegistrationMailInput, 'manageUrl'>[] = []
      for (const registration of registrationsInStatus(tx, after.id, ACTIVE_STATUSES)) {
        const updated = updateRegistration(tx, registration.id, {
          icsSequence: registration.icsSequence + 1,
          ...(timeMoved ? { remindedAt: null } : {}),
        })
        mails.push({ kind: 'update', event: after, registration: updated, previous: before })
      }
      return queue(tx, mails)
    },

    /**
     * Inside an event's delete (before its rows go to the trash): the mails that tell its attendees it is
     * off, held back until the Undo has run out. A restore takes them back (withdrawPendingMails).
     */
    eventDeletedIn(tx: Queryable, event: Event): number {
      const notBefore = new Date(outbox.now().getTime() + EVENT_CANCELLED_DELAY_MS)
      const mails = registrationsInStatus(tx, event.id, ACTIVE_STATUSES).map((registration) => ({
        kind: 'event-cancelled' as const,
        event,
        registration: { ...registration, icsSequence: registration.icsSequence + 1 },
        subjectId: event.id,
        notBefore,
      }))
      return queue(tx, mails)
    },

    /**
     * After an event is restored from the trash: when its attendees were already told it was off (a
     * cancellation mail has gone), each registration still on is told it is back, with a calendar file that
     * puts it back (SEQUENCE past the cancellation's) and, confirmed, its ticket. Returns the mails queued.
     */
    eventRestored(eventId: string): number {
      const queued = write((tx) => {
        const event = findEventById(tx, eventId)
        if (!event || !anyMailGone(tx, EVENT_CANCELLED_MAIL, eventId)) return 0
        const mails = registrationsInStatus(tx, eventId, ACTIVE_STATUSES).map((registration) => ({
          kind: 'event-restored' as const,
          event,
          // The cancellation went out at SEQUENCE + 1 (never stored): this one comes after it.
          registration: updateRegistration(tx, registration.id, {
            icsSequence: registration.icsSequence + 2,
          }),
        }))
        return queue(tx, mails)
      })
      committed(queued)
      return queued
    },

    /** After a write of the caller's that queued mail or changed seats. */
    committed,

    /** "Message attendees": one mail per recipient through the outbox; returns the message's id and how many. */
    messageAttendees(
      event: Event,
      input: AttendeeMessageInput,
      actor: Actor,
    ): { messageId: string; queued: number } {
      if (!outbox.configured)
        throw new RegistrationRefused(409, 'No mail server is set up (SMTP_URL), so no message can be sent.')
      const statuses: readonly RegistrationStatus[] =
        input.to === 'confirmed'
          ? ['confirmed']
          : input.to === 'waitlisted'
            ? ['waitlisted', 'offered']
            : ACTIVE_STATUSES
      const messageId = newId()
      const queued = write((tx) => {
        const recipients = registrationsInStatus(tx, event.id, statuses)
        // Answers go to the chapter (the site's address for an event of the branch), not to the no-reply sender.
        const replyTo =
          (event.ownerId && findChapterById(tx, event.ownerId)?.email) ||
          readSiteContactEmail(tx) ||
          site.contact.email
        const count = queue(
          tx,
          recipients.map((registration) => ({
            kind: 'message' as const,
            event,
            registration,
            message: { subject: input.subject, text: input.text },
            subjectId: messageSubjectOf(event.id, messageId),
            replyTo,
          })),
        )
        logActivity(tx, {
          actor,
          action: 'message',
          type: 'event',
          itemId: event.id,
          itemTitle: event.title,
          chapterId: event.ownerId,
          details: { to: input.to, subject: input.subject, recipients: count },
        })
        return count
      })
      if (queued > 0) outbox.wake()
      return { messageId, queued }
    },

    /** How a message to attendees is going: mails sent, waiting and given up. */
    messageProgress(event: Event, messageId: string) {
      return outboxProgress(db, REGISTRATION_MAIL_KINDS.message, messageSubjectOf(event.id, messageId))
    },

    /**
     * The scheduler's round: offers past their hold pass to the next in line, and confirmed attendees
     * get their reminder 24 hours before the start (one each; none for a seat confirmed inside those 24
     * hours), and each event's officers get their daily list of new pending registrations
     * (officers-digest.server.ts). Returns what it did.
     */
    runDue(): { expired: number; reminded: number; listed: number } {
      const now = clock()
      let queued = 0
      let expired = 0
      for (const offer of expiredOffers(db, new Date(now))) {
        write((tx) => {
          const current = findRegistration(tx, offer.eventId, offer.id)
          const event = findEventById(tx, offer.eventId)
          if (!current || !event || current.status !== 'offered') return
          if ((current.offerExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) > now) return
          queued += cancelIn(tx, event, current, 'offer-expired')
          expired++
        })
      }
      let reminded = 0
      // Without a mail server there is no one to remind, and nothing to mark.
      if (!outbox.configured) {
        if (expired > 0) committed(queued)
        return { expired, reminded, listed: 0 }
      }
      const today = localDateOf(now, timeZone)
      const dayAfterTomorrow = localDateOf(now + 2 * REMINDER_BEFORE_START_MS, timeZone)
      for (const { event } of registrationEventsBetween(db, today, dayAfterTomorrow)) {
        const { start } = eventTimes(event, timeZone)
        const remindFrom = start - REMINDER_BEFORE_START_MS
        if (now < remindFrom || now >= start) continue
        write((tx) => {
          const mails: Omit<RegistrationMailInput, 'manageUrl'>[] = []
          for (const registration of confirmedWithoutReminder(tx, event.id)) {
            const marked = updateRegistration(tx, registration.id, { remindedAt: new Date(now) })
            // Confirmed inside the last 24 hours: the confirmation said it all.
            if ((registration.confirmedAt?.getTime() ?? now) > remindFrom) continue
            mails.push({ kind: 'reminder', event, registration: marked })
          }
          reminded += mails.length
          queued += queue(tx, mails)
        })
      }
      // The officers' daily list of new pending registrations.
      const listed = write((tx) => queueOfficersDigests(tx, now, mailContext, outbox.now()))
      if (expired > 0 || queued > 0) committed(queued)
      else if (listed > 0) outbox.wake()
      return { expired, reminded, listed }
    },
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>
