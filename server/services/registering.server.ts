import { formatLocalDateTime } from '#components/shared/dates'
import { type Queryable, savepointed } from '#db/client.server'
import { newId } from '#db/ids.server'
import { findEventById } from '#db/queries/events.server'
import { enqueueOutboxMails } from '#db/queries/outbox.server'
import {
  countRegistrationsByStatus,
  findActiveRegistrationByEmail,
  findRegistrationSettings,
  insertRegistration,
  nextRegistrationSeq,
  type RegistrationAvailability,
  registrationAvailability,
  registrationWindowAt,
  type StatusCounts,
  seatIsFree,
  settingsInputOf,
} from '#db/queries/registrations.server'
import type { Event, Registration, RegistrationStatus } from '#db/schema'
import {
  type RegistrationForm,
  type RegistrationSettingsInput,
  registrationInputSchemaFor,
  toFieldErrors,
} from '#db/validation'
import { registrationMailToMake } from '../mail/registration-mails.server'
import {
  type RegistrationBase,
  RegistrationRefused,
  seatStatusOf,
  settingsOf,
} from './registration-base.server'

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

/**
 * The registration form's schema of an event, made once per form: compiling it for every request was a
 * tenth of a registration's CPU time under a burst. Forms change rarely; the memory is dropped when full.
 */
function createInputSchemas() {
  const inputSchemas = new Map<string, ReturnType<typeof registrationInputSchemaFor>>()
  return (event: Event, settings: RegistrationSettingsInput) => {
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
}

/** What a round knows of the event, read once per round; refused when the event takes no registrations. */
function roundStateOf(tx: Queryable, eventId: string, round: Map<string, RoundState>): RoundState {
  let state = round.get(eventId)
  if (!state) {
    const event = findEventById(tx, eventId)
    const stored = event ? findRegistrationSettings(tx, eventId) : undefined
    if (!event || !stored?.enabled)
      throw new RegistrationRefused(404, 'This event has no registration on this site.')
    state = {
      event,
      settings: settingsInputOf(stored),
      counts: countRegistrationsByStatus(tx, event.id),
      lastSeq: nextRegistrationSeq(tx, event.id) - 1,
    }
    round.set(eventId, state)
  }
  return state
}

/** A visitor registers: one at a time or, for requests, many in one group commit. */
export function createRegistering(base: RegistrationBase) {
  const { db, outbox, clock, timeZone, mailContext, write, committed } = base
  const inputSchemaOf = createInputSchemas()

  /** Refused when the event's registration is not open at `now`. */
  const refuseOutsideWindow = (event: Event, settings: RegistrationSettingsInput, now: number) => {
    const window = registrationWindowAt(event, settings, now, timeZone)
    if (window.phase === 'not-open')
      throw new RegistrationRefused(
        409,
        `Registration opens on ${formatLocalDateTime(settings.opensAt ?? '')} (${timeZone} time).`,
      )
    if (window.phase === 'closed')
      throw new RegistrationRefused(409, 'Registration for this event is closed.')
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
    const state = roundStateOf(tx, eventId, round)
    const { event, settings, counts } = state
    const now = clock()
    refuseOutsideWindow(event, settings, now)
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
    const token = base.tokenOf(id)
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
    return { registration, position, manageUrl: base.manageUrlOf(id, token), queued }
  }

  const groupCommit = createGroupCommit(
    base,
    savepointed(db, (eventId: string, body: unknown, round: Map<string, RoundState>) =>
      registerIn(db, eventId, body, round),
    ),
  )

  return {
    busy: groupCommit.busy,
    registerSoon: groupCommit.registerSoon,

    /**
     * A visitor registers: one write transaction that counts and takes the seat, and queues the mail
     * (registerIn).
     */
    register(eventId: string, body: unknown): Registered {
      const { queued, ...registered } = write((tx) => registerIn(tx, eventId, body, new Map()))
      committed(queued)
      return registered
    },

    /** What an event's registration form asks (its questions, fees and payment methods); undefined for no event. */
    formOf(eventId: string): RegistrationForm | undefined {
      const event = findEventById(db, eventId)
      if (!event) return undefined
      return { ...settingsOf(db, eventId), fees: event.fees }
    },

    /** The event's registration state and seats left now, as its page shows them; undefined for no event. */
    availabilityOf(
      eventId: string,
    ): { state: RegistrationAvailability['state']; seatsLeft: number | null } | undefined {
      const event = findEventById(db, eventId)
      if (!event) return undefined
      const { state, seatsLeft } = registrationAvailability(
        db,
        event,
        settingsOf(db, eventId),
        clock(),
        timeZone,
      )
      return { state, seatsLeft }
    },
  }
}

/** One registration in a savepoint of the round's transaction. */
type RegisterInRound = (
  eventId: string,
  body: unknown,
  round: Map<string, RoundState>,
) => Registered & { queued: number }

/**
 * Registrations that arrive together share one commit (a group commit), each answered only once it is on
 * disk. A burst then costs one fsync per round instead of one per registration
 * (docs/decisions/074-registration-burst-and-bench.md).
 */
function createGroupCommit(base: RegistrationBase, registerInSavepoint: RegisterInRound) {
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
      base.write(() => {
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
      base.committed(queued)
    } catch (error) {
      // The registrations are on disk whatever the mail's nudge or the cache did.
      base.options.onError?.(error)
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]
      if (outcome && 'done' in outcome) item.resolve(outcome.done)
      else item.reject(outcome?.error)
    })
  }

  return {
    /**
     * Registrations are arriving (some wait for their round, or a round ran in the last BUSY_WINDOW_MS):
     * the outbox holds its mail back a moment so a burst's answers are not slowed by its mails.
     */
    busy: () => draining || performance.now() - lastRoundEndedAt < BUSY_WINDOW_MS,

    /**
     * The same as register for requests (POST /api/events/{id}/registrations and the event page's form),
     * in the next group commit.
     */
    registerSoon(eventId: string, body: unknown): Promise<Registered> {
      return new Promise((resolve, reject) => {
        waiting.push({ eventId, body, resolve, reject })
        if (!draining) scheduleRound()
      })
    },
  }
}
