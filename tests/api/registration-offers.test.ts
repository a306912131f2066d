import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { localDateOf } from '#db/clock'
import { allRegistrationsOf } from '#db/queries/registrations.server'
import { call, postManageForm, unique, validAttendee } from '../support/api'
import {
  createEvent,
  manageTokenOf,
  registerThroughApi,
  startRegistrationFixture,
} from '../support/registration-fixture'
import type { TestApp } from '../support/test-app'
import { until } from '../support/until'

/**
 * Offered seats under the real scheduler and under contention: the scheduler's own timer (a short round,
 * nobody calling runDue) passes an expired offer on; an offer accepted twice at once gives one seat; a
 * cancellation racing the acceptance leaves the seat with exactly one person; declining from the manage
 * link's form passes the seat on. Events are dated from the clock the test starts at.
 */

let app: TestApp
let officer: string
const DAY = 24 * 60 * 60 * 1000
/** Registration's clock: the real one at the start, moved by the scheduler test. */
let now = Date.now()
const startedAt = now

beforeAll(async () => {
  ;({ app, officer } = await startRegistrationFixture({
    app: {
      env: { RATE_LIMIT_SCALE: '100' },
      // The scheduler runs on its own timer, as in production, only faster.
      registrations: { now: () => now, roundMs: 25 },
    },
    chapter: { name: 'Offer Chapter', email: 'offer-chapter@example.org' },
  }))
})
afterAll(() => app.close())
beforeEach(() => {
  now = startedAt
})

/** An event 30 days after the test's start, one seat and a waiting list; its id. */
async function oneSeatEvent(): Promise<string> {
  const event = await createEvent(app, officer, {
    title: 'Offers',
    fields: { eventDate: localDateOf(startedAt + 30 * DAY, app.ctx.env.TIME_ZONE) },
    registration: { capacity: 1 },
  })
  return event._id
}

/** Registers someone; their manage token and email. */
async function register(eventId: string) {
  const email = `${unique('offer')}@example.org`
  const answer = await registerThroughApi(app, eventId, validAttendee({ email }))
  expect(answer.status).toBe(201)
  return { email, token: manageTokenOf(answer.body.registration.manageUrl) }
}

/** Statuses by email, read from the database (a read: it passes nothing on, unlike an attendee's request). */
const statuses = (eventId: string) =>
  Object.fromEntries(allRegistrationsOf(app.db, eventId).map((row) => [row.email, row.status]))

/** A seat holder, the first in line offered the freed seat, the second waiting; their tokens and emails. */
async function withOffer() {
  const eventId = await oneSeatEvent()
  const seated = await register(eventId)
  const first = await register(eventId)
  const second = await register(eventId)
  expect((await call(app, 'DELETE', `/api/registrations/${seated.token}`)).status).toBe(200)
  expect(statuses(eventId)[first.email]).toBe('offered')
  return { eventId, seated, first, second }
}

/** Seats taken (confirmed or held by an offer): never more than the one there is. */
const seatsTaken = (eventId: string) =>
  Object.values(statuses(eventId)).filter((status) => status === 'confirmed' || status === 'offered').length

describe('the registration scheduler on its own timer', () => {
  it('passes an offer past its hold to the next in line without anyone calling runDue', async () => {
    const { eventId, first, second } = await withOffer()
    now += DAY + 60_000
    const passedOn = await until('the scheduler to pass the offer on', () => {
      const current = statuses(eventId)
      return current[second.email] === 'offered' ? current : undefined
    })
    expect(passedOn[first.email]).toBe('cancelled')
    expect((await call(app, 'POST', `/api/registrations/${first.token}/accept`)).status).toBe(410)
  })
})

describe('offers under contention', () => {
  it('two accepts of one offer at once: one seat, one 200 and one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const { eventId, first } = await withOffer()
      const answers = await Promise.all([
        call(app, 'POST', `/api/registrations/${first.token}/accept`),
        call(app, 'POST', `/api/registrations/${first.token}/accept`),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(statuses(eventId)[first.email]).toBe('confirmed')
      expect(seatsTaken(eventId)).toBe(1)
    }
  })

  it('a cancellation racing the acceptance: the seat ends with exactly one person, never lost or doubled', async () => {
    for (let round = 0; round < 6; round++) {
      const { eventId, first, second } = await withOffer()
      const accept = () => call(app, 'POST', `/api/registrations/${first.token}/accept`)
      const cancel = () => call(app, 'DELETE', `/api/registrations/${first.token}`)
      // Sent together, one order one round and the other the next.
      const [accepted, cancelled] =
        round % 2
          ? await Promise.all([accept(), cancel()])
          : await Promise.all([cancel(), accept()]).then(([c, a]) => [a, c] as const)
      const current = statuses(eventId)
      // Whichever came first, the cancellation stands (cancelling a confirmed seat is allowed too) ...
      expect(cancelled.status).toBe(200)
      expect(current[first.email]).toBe('cancelled')
      expect([200, 409]).toContain(accepted.status)
      // ... and the seat went on to the next in line: held by exactly one.
      expect(current[second.email]).toBe('offered')
      expect(seatsTaken(eventId)).toBe(1)
    }
  })

  it("declining from the manage link's form passes the seat to the next in line", async () => {
    const { eventId, first, second } = await withOffer()
    const declined = await postManageForm(app, first.token, 'cancel')
    expect(declined.status).toBe(303)
    expect(declined.headers.get('location')).toBe(`/registrations/${first.token}?done=cancelled`)
    expect(statuses(eventId)[first.email]).toBe('cancelled')
    expect(statuses(eventId)[second.email]).toBe('offered')
    expect(seatsTaken(eventId)).toBe(1)
    // The declined offer cannot be taken back.
    expect((await call(app, 'POST', `/api/registrations/${first.token}/accept`)).status).toBe(409)
  })
})
