import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { allRegistrationsOf, anonymiseOldRegistrations } from '#db/queries/registrations.server'
import { GATHER_TURNS } from '#server/services/registrations.server'
import {
  call,
  FIXED_CLOCK_EVENT_DATE,
  snapshot,
  validAttendee,
  validEvent,
  validRegistrationSettings,
} from '../support/api'
import { csvRecords } from '../support/csv'
import {
  createEvent,
  manageTokenOf,
  registerThroughApi,
  startRegistrationFixture,
} from '../support/registration-fixture'
import type { TestApp } from '../support/test-app'

/** Registration through the API, as a client would: seats, waiting list, offers, officers' changes. */

let app: TestApp
let officer: string
let otherOfficer: string
/** The rules' clock: moved by the tests, never the wall clock. */
let now = Date.parse('2026-11-20T06:00:00Z')

beforeAll(async () => {
  const fixture = await startRegistrationFixture({
    app: { env: { RATE_LIMIT_SCALE: '100' }, registrations: { now: () => now } },
    chapter: { name: 'Reg Chapter', email: 'reg-chapter@example.org' },
    others: [{ name: 'Other Chapter', email: 'other-chapter@example.org' }],
  })
  ;({ app, officer } = fixture)
  otherOfficer = fixture.others[0].token
})
afterAll(() => app.close())
beforeEach(() => {
  now = Date.parse('2026-11-20T06:00:00Z')
})

/** An event of the chapter with registration (2 seats and a waiting list unless said otherwise). */
const eventWith = (registration: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  createEvent(app, officer, {
    title: 'Workshop',
    fields: { eventDate: FIXED_CLOCK_EVENT_DATE, ...fields },
    registration,
  })

const register = (eventId: string, body?: Record<string, unknown>) => registerThroughApi(app, eventId, body)

const tokenOf = manageTokenOf

describe('registration settings on event bodies', () => {
  it('are saved, answered with seats left, and left as they are by a PUT without them', async () => {
    const event = await eventWith({ capacity: 30 })
    expect(event.registration).toMatchObject({ enabled: true, capacity: 30, waitlist: true })
    expect(event.seatsLeft).toBe(30)
    await register(event._id)
    const read = await call(app, 'GET', `/api/events/${event._id}`)
    expect(read.body.event.seatsLeft).toBe(29)
    expect(JSON.stringify(read.body)).not.toContain('@example.org')
    const put = await call(app, 'PUT', `/api/events/${event._id}`, {
      token: officer,
      json: validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE, title: 'Renamed' }),
    })
    expect(put.status).toBe(200)
    expect(put.body.event.registration).toMatchObject({ enabled: true, capacity: 30 })
  })

  it('an event without them answers registration off and no seats', async () => {
    const created = await call(app, 'POST', '/api/events', {
      token: officer,
      json: validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE }),
    })
    expect(created.body.event).toMatchObject({ registration: { enabled: false }, seatsLeft: null })
    expect((await register(created.body.event._id)).status).toBe(404)
  })

  it('take payment instructions up to 1,000 characters, kept and answered; longer is a field error', async () => {
    const instructions = `Nagad 01800-000000 (merchant).\n${'x'.repeat(969)}`
    expect(instructions).toHaveLength(1_000)
    const event = await eventWith(
      { paymentMethods: ['nagad'], paymentInstructions: instructions },
      { fees: 100 },
    )
    expect(event.registration).toMatchObject({ paymentInstructions: instructions })
    const tooLong = await call(app, 'POST', '/api/events', {
      token: officer,
      json: {
        ...validEvent({ fees: 100 }),
        registration: validRegistrationSettings({
          paymentMethods: ['nagad'],
          paymentInstructions: `${instructions}x`,
        }),
      },
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors).toEqual({
      'registration.paymentInstructions': 'Payment instructions must be at most 1,000 characters',
    })
  })

  it('with registration on this site the outside link and the banner may be left empty; without, the link is required', async () => {
    const event = await eventWith({}, { eventLink: '', banner: '' })
    expect((await call(app, 'GET', `/api/events/${event._id}`)).body.event).toMatchObject({
      eventLink: '',
      banner: '',
    })
    // A PUT without settings keeps them: still registering here, still no link needed.
    const put = await call(app, 'PUT', `/api/events/${event._id}`, {
      token: officer,
      json: validEvent({ eventLink: '', banner: '' }),
    })
    expect(put.status).toBe(200)
    const off = await call(app, 'PUT', `/api/events/${event._id}`, {
      token: officer,
      json: { ...validEvent({ eventLink: '' }), registration: { enabled: false } },
    })
    expect(off.status).toBe(400)
    expect(off.body.errors).toEqual({
      eventLink: 'Event link is required unless registration is on this site',
    })
    const none = await call(app, 'POST', '/api/events', {
      token: officer,
      json: validEvent({ eventLink: '', banner: '' }),
    })
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({
      eventLink: 'Event link is required unless registration is on this site',
    })
  })

  it("the console's events list counts each event's registrations: confirmed of capacity, waiting, pending, paid", async () => {
    const event = await eventWith({ capacity: 2, paymentMethods: ['bkash'] }, { fees: 100 })
    const paying = { paymentMethod: 'bkash', transactionId: 'TX1' }
    const first = await register(event._id, validAttendee(paying))
    await register(event._id, validAttendee(paying))
    await register(event._id, validAttendee(paying))
    const listed = await call(app, 'GET', `/api/events/${event._id}/registrations`, { token: officer })
    const firstId = listed.body.registrations.find((row: { status: string }) => row.status === 'pending')?._id
    expect(first.status).toBe(201)
    // Marked paid (straight in the database: the log of another test counts the officers' confirmations).
    app.db.$client.prepare("UPDATE registrations SET status = 'confirmed' WHERE id = ?").run(firstId)
    const mine = await call(app, 'GET', `/api/events/myevents?q=${encodeURIComponent(event.title)}`, {
      token: officer,
    })
    expect(mine.body.events[0].registrations).toEqual({
      confirmed: 1,
      pending: 1,
      waiting: 1,
      paid: 1,
      active: 3,
      capacity: 2,
      enabled: true,
    })
    // The public list says nothing of them.
    const open = await call(app, 'GET', `/api/events?q=${encodeURIComponent(event.title)}`)
    expect(open.body.events[0].registrations).toBeUndefined()
  })

  it('bad settings are field errors and change nothing', async () => {
    const before = snapshot(app.db)
    const answer = await call(app, 'POST', '/api/events', {
      token: officer,
      json: {
        ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE }),
        registration: validRegistrationSettings({
          capacity: 0,
          opensAt: '2026-11-30T10:00',
          closesAt: '2026-11-29T10:00',
          questions: [{ id: 'x', label: 'Size', type: 'choice', required: true, options: ['S'] }],
        }),
      },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toMatchObject({
      'registration.capacity': 'Capacity must be at least 1',
      'registration.closesAt': 'Closes must be after Opens',
      'registration.questions.0.options': 'A choice needs at least 2 options',
    })
    const paid = await call(app, 'POST', '/api/events', {
      token: officer,
      json: {
        ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE, fees: 200 }),
        registration: validRegistrationSettings(),
      },
    })
    expect(paid.body.errors).toEqual({
      'registration.paymentMethods': 'Choose how attendees may pay the fees',
    })
    expect(snapshot(app.db)).toEqual(before)
  })
})

describe('registering', () => {
  it('takes seats, then fills the waiting list in order; the same email (any case) registers once', async () => {
    const event = await eventWith()
    const first = await register(event._id, validAttendee({ email: '  Ayesha@Example.ORG ' }))
    expect(first.status).toBe(201)
    expect(first.body.registration).toEqual({
      status: 'confirmed',
      manageUrl: expect.stringMatching(/\/registrations\/[A-Za-z0-9_-]{43}$/),
    })
    const again = await register(event._id, validAttendee({ email: 'ayesha@example.org' }))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This email address is already registered for this event.')
    expect((await register(event._id)).body.registration.status).toBe('confirmed')
    const waiting = [await register(event._id), await register(event._id)]
    expect(waiting.map((answer) => answer.body.registration)).toMatchObject([
      { status: 'waitlisted', position: 1 },
      { status: 'waitlisted', position: 2 },
    ])
    expect((await call(app, 'GET', `/api/events/${event._id}`)).body.event.seatsLeft).toBe(0)
  })

  it('bad answers are field errors beside their questions and store nothing', async () => {
    const event = await eventWith()
    const before = snapshot(app.db)
    const answer = await register(event._id, {
      name: '',
      email: 'not an email',
      phone: 'call me',
      answers: { shirt: 'XXL', unknown: 'x' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      phone: expect.stringContaining('phone number'),
      'answers.unknown': 'Unknown question',
      'answers.student-id': 'Student ID is required',
      'answers.shirt': 'Choose one of the options for T-shirt size',
    })
    expect(snapshot(app.db)).toEqual(before)
  })

  it('refuses before opening, after closing, once the event began, and when full without a waiting list', async () => {
    const later = await eventWith({ opensAt: '2026-11-25T10:00' })
    const notYet = await register(later._id)
    expect(notYet.status).toBe(409)
    expect(notYet.body.message).toBe('Registration opens on Wed, 25 Nov 2026, 10:00 (Asia/Dhaka time).')
    now = Date.parse('2026-11-25T04:00:00Z') // 10:00 in Dhaka
    expect((await register(later._id)).status).toBe(201)

    now = Date.parse('2026-11-20T06:00:00Z') // 12:00 in Dhaka
    const closed = await eventWith({ closesAt: '2026-11-20T13:00' })
    expect((await register(closed._id)).status).toBe(201)
    now = Date.parse('2026-11-20T07:00:00Z') // 13:00 in Dhaka
    const late = await register(closed._id)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Registration for this event is closed.')

    const begun = await eventWith({}, { eventDate: '2026-11-20', startTime: '11:00', endTime: '13:00' })
    expect((await register(begun._id)).status).toBe(409)

    const small = await eventWith({ capacity: 1, waitlist: false })
    expect((await register(small._id)).status).toBe(201)
    const full = await register(small._id)
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('This event is full.')
  })

  it('a full event answers the same for a registered address and a new one (no probing who registered)', async () => {
    const small = await eventWith({ capacity: 1, waitlist: false })
    const taken = validAttendee()
    expect((await register(small._id, taken)).status).toBe(201)
    const before = snapshot(app.db)
    const registered = await register(small._id, { ...taken, email: taken.email.toUpperCase() })
    const stranger = await register(small._id, validAttendee())
    expect({ status: registered.status, body: registered.body }).toEqual({
      status: stranger.status,
      body: stranger.body,
    })
    expect(stranger.status).toBe(409)
    expect(stranger.body.message).toBe('This event is full.')
    expect(snapshot(app.db)).toEqual(before)
  })

  it('with approval, or fees, waits as pending; fees ask how the attendee paid', async () => {
    const approval = await eventWith({ approval: true })
    expect((await register(approval._id)).body.registration.status).toBe('pending')

    const paid = await eventWith({ paymentMethods: ['bkash', 'door'] }, { fees: 300 })
    const unpaid = await register(paid._id)
    expect(unpaid.body.errors).toEqual({ paymentMethod: 'Choose how you paid' })
    const nagad = await register(paid._id, validAttendee({ paymentMethod: 'nagad', transactionId: 'X1' }))
    expect(nagad.body.errors).toEqual({ paymentMethod: 'Choose how you paid' })
    const noId = await register(paid._id, validAttendee({ paymentMethod: 'bkash' }))
    expect(noId.body.errors).toEqual({ transactionId: 'Transaction ID is required' })
    const bkash = await register(
      paid._id,
      validAttendee({ paymentMethod: 'bkash', transactionId: '9ABC12DEF3' }),
    )
    expect(bkash.body.registration.status).toBe('pending')
    const door = await register(paid._id, validAttendee({ paymentMethod: 'door' }))
    expect(door.body.registration.status).toBe('pending')

    // The same transaction ID again (another case, spaces): officers see it flagged, on the page and in the export.
    const again = await register(
      paid._id,
      validAttendee({ name: 'Second Claimant', paymentMethod: 'bkash', transactionId: ' 9abc12def3 ' }),
    )
    expect(again.status).toBe(201)
    const list = await call(app, 'GET', `/api/events/${paid._id}/registrations`, { token: officer })
    expect(list.body.sharedTransactionIds).toEqual([
      {
        transactionId: '9ABC12DEF3',
        registrations: [
          { id: expect.any(String), name: 'Rahim Uddin' },
          { id: expect.any(String), name: 'Second Claimant' },
        ],
      },
    ])
    const csv = await app.request(`/api/events/${paid._id}/registrations/export`, {
      headers: { authorization: `Bearer ${officer}` },
    })
    const records = csvRecords((await csv.text()).replace(/^\uFEFF/, ''))
    expect(records.map((record) => [record.Name, record['Transaction ID shared']])).toEqual([
      ['Rahim Uddin', 'Yes'],
      ['Rahim Uddin', ''],
      ['Second Claimant', 'Yes'],
    ])
  })
})

describe('a crowd registering', () => {
  it('arriving one request a turn of the event loop (as Node accepts connections), shares a commit', async () => {
    const event = await eventWith({ capacity: 5 })
    const arrivals = GATHER_TURNS / 2
    // Turns of the event loop, counted: the answers of one commit arrive in the same turn.
    let turn = 0
    let counting = true
    const count = () => {
      turn++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const answeredInTurn: number[] = []
    const answers: Promise<unknown>[] = []
    for (let index = 0; index < arrivals; index++) {
      await new Promise((resolve) => setImmediate(resolve))
      answers.push(
        app.registrations.registerSoon(event._id, validAttendee()).then((done) => {
          answeredInTurn.push(turn)
          return done
        }),
      )
    }
    const registered = (await Promise.all(answers)) as { registration: { status: string } }[]
    counting = false
    // One commit for all of them (a round each before: every arrival paid its own fsync).
    expect(new Set(answeredInTurn).size).toBe(1)
    expect(registered.map((done) => done.registration.status)).toEqual([
      ...Array(5).fill('confirmed'),
      ...Array(arrivals - 5).fill('waitlisted'),
    ])
  })
})

describe('the manage link and the waiting list', () => {
  it('once the event has started, the attendee cannot cancel: 409 with a message, nothing changed', async () => {
    const event = await eventWith()
    const seated = await register(event._id)
    const seatedToken = tokenOf(seated.body.registration.manageUrl)
    // The start: 1 December, 10:00 in Dhaka (04:00 UTC); a minute after it.
    now = Date.parse('2026-12-01T04:01:00Z')
    const refused = await call(app, 'DELETE', `/api/registrations/${seatedToken}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      success: false,
      message: 'The event has started: a registration can no longer be cancelled.',
    })
    expect((await call(app, 'GET', `/api/registrations/${seatedToken}`)).body.registration.status).toBe(
      'confirmed',
    )
    // A minute before the start it still could.
    now = Date.parse('2026-12-01T03:59:00Z')
    expect((await call(app, 'DELETE', `/api/registrations/${seatedToken}`)).status).toBe(200)
  })

  it('a cancellation offers the seat to the first in line, who accepts it', async () => {
    const event = await eventWith()
    const seated = await register(event._id)
    await register(event._id)
    const first = await register(event._id)
    const second = await register(event._id)
    const seatedToken = tokenOf(seated.body.registration.manageUrl)
    const firstToken = tokenOf(first.body.registration.manageUrl)

    const shown = await call(app, 'GET', `/api/registrations/${firstToken}`)
    expect(shown.body.registration).toMatchObject({
      status: 'waitlisted',
      position: 1,
      event: { _id: event._id },
    })

    const cancelled = await call(app, 'DELETE', `/api/registrations/${seatedToken}`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.registration.status).toBe('cancelled')
    expect((await call(app, 'DELETE', `/api/registrations/${seatedToken}`)).status).toBe(409)

    const offered = (await call(app, 'GET', `/api/registrations/${firstToken}`)).body.registration
    // 24 hours from now: the start (1 December, 10:00 in Dhaka) is far enough.
    expect(offered).toMatchObject({ status: 'offered', offerExpiresAt: '2026-11-21T06:00:00.000Z' })
    expect(
      (await call(app, 'GET', `/api/registrations/${tokenOf(second.body.registration.manageUrl)}`)).body
        .registration.position,
    ).toBe(1)

    const accepted = await call(app, 'POST', `/api/registrations/${firstToken}/accept`)
    expect(accepted.status).toBe(200)
    expect(accepted.body.registration.status).toBe('confirmed')
    expect((await call(app, 'POST', `/api/registrations/${firstToken}/accept`)).status).toBe(409)
  })

  it('an offer not taken in time passes to the next; accepting it late is 410', async () => {
    const event = await eventWith({ capacity: 1 })
    const seated = await register(event._id)
    const first = await register(event._id)
    const second = await register(event._id)
    await call(app, 'DELETE', `/api/registrations/${tokenOf(seated.body.registration.manageUrl)}`)
    now += 24 * 60 * 60 * 1000
    expect(app.registrations.runDue().expired).toBeGreaterThanOrEqual(1)
    const firstToken = tokenOf(first.body.registration.manageUrl)
    const late = await call(app, 'POST', `/api/registrations/${firstToken}/accept`)
    expect(late.status).toBe(410)
    expect(late.body.message).toBe('This offer has expired: the seat has gone to the next in line.')
    const next = await call(app, 'GET', `/api/registrations/${tokenOf(second.body.registration.manageUrl)}`)
    expect(next.body.registration.status).toBe('offered')
  })

  it('an offer past its hold is passed on when its holder tries to take it, even before the scheduler', async () => {
    const event = await eventWith({ capacity: 1 })
    const seated = await register(event._id)
    const first = await register(event._id)
    const second = await register(event._id)
    await call(app, 'DELETE', `/api/registrations/${tokenOf(seated.body.registration.manageUrl)}`)
    now += 25 * 60 * 60 * 1000
    expect(
      (await call(app, 'POST', `/api/registrations/${tokenOf(first.body.registration.manageUrl)}/accept`))
        .status,
    ).toBe(410)
    const next = await call(app, 'GET', `/api/registrations/${tokenOf(second.body.registration.manageUrl)}`)
    expect(next.body.registration.status).toBe('offered')
  })

  it('closer than 2 hours before the start, a freed seat goes straight to the first in line', async () => {
    const event = await eventWith(
      { capacity: 1 },
      { eventDate: '2026-11-20', startTime: '13:00', endTime: '15:00' },
    )
    const seated = await register(event._id)
    const first = await register(event._id)
    now = Date.parse('2026-11-20T05:30:00Z') // 11:30 in Dhaka, 90 minutes before the start
    await call(app, 'DELETE', `/api/registrations/${tokenOf(seated.body.registration.manageUrl)}`)
    const seatedNow = await call(
      app,
      'GET',
      `/api/registrations/${tokenOf(first.body.registration.manageUrl)}`,
    )
    expect(seatedNow.body.registration.status).toBe('confirmed')
  })

  it('the hold never runs past 2 hours before the start', async () => {
    const event = await eventWith(
      { capacity: 1 },
      { eventDate: '2026-11-20', startTime: '18:00', endTime: '20:00' },
    )
    const seated = await register(event._id)
    const first = await register(event._id)
    await call(app, 'DELETE', `/api/registrations/${tokenOf(seated.body.registration.manageUrl)}`)
    const offered = await call(app, 'GET', `/api/registrations/${tokenOf(first.body.registration.manageUrl)}`)
    expect(offered.body.registration.offerExpiresAt).toBe('2026-11-20T10:00:00.000Z') // 16:00 in Dhaka
  })

  it('a link that names nothing is a 404, a malformed one a 400', async () => {
    expect((await call(app, 'GET', `/api/registrations/${'a'.repeat(43)}`)).status).toBe(404)
    expect((await call(app, 'GET', '/api/registrations/short')).status).toBe(400)
  })
})

describe('officers', () => {
  it('lowering the capacity below the seats taken is refused; raising it promotes', async () => {
    const event = await eventWith()
    await register(event._id)
    await register(event._id)
    const waiting = await register(event._id)
    const before = snapshot(app.db)
    const lower = await call(app, 'PUT', `/api/events/${event._id}`, {
      token: officer,
      json: {
        ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE }),
        registration: validRegistrationSettings({ capacity: 1 }),
      },
    })
    expect(lower.status).toBe(409)
    expect(lower.body.message).toBe(
      'Capacity cannot be lower than the 2 seats already taken (2 confirmed, 0 pending, 0 offered). Cancel registrations first.',
    )
    expect(lower.body.errors['registration.capacity']).toBe(lower.body.message)
    expect(snapshot(app.db)).toEqual(before)
    const raise = await call(app, 'PUT', `/api/events/${event._id}`, {
      token: officer,
      json: {
        ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE }),
        registration: validRegistrationSettings({ capacity: 3 }),
      },
    })
    expect(raise.status).toBe(200)
    const promoted = await call(
      app,
      'GET',
      `/api/registrations/${tokenOf(waiting.body.registration.manageUrl)}`,
    )
    expect(promoted.body.registration.status).toBe('offered')
  })

  it('list with counts, filters and places; confirm, cancel, export; another chapter sees nothing', async () => {
    const event = await eventWith({ approval: true, capacity: 1 })
    const pending = await register(event._id, validAttendee({ name: 'Pending Person' }))
    await register(event._id, validAttendee({ name: '=HYPERLINK("x")' }))
    await register(event._id, validAttendee({ name: 'Third Waiting' }))
    const list = await call(app, 'GET', `/api/events/${event._id}/registrations`, { token: officer })
    expect(list.status).toBe(200)
    expect(list.body.counts).toEqual({ pending: 1, confirmed: 0, waitlisted: 2, offered: 0, cancelled: 0 })
    expect(list.body.total).toBe(3)
    expect(list.body.registrations.map((row: { position: number | null }) => row.position)).toEqual([
      null,
      1,
      2,
    ])
    const waiting = await call(
      app,
      'GET',
      `/api/events/${event._id}/registrations?status=waitlisted&q=third`,
      {
        token: officer,
      },
    )
    expect(waiting.body.registrations).toMatchObject([{ name: 'Third Waiting', position: 2 }])
    expect(waiting.body.total).toBe(1)

    const pendingId = list.body.registrations[0]._id
    const confirm = await call(app, 'PATCH', `/api/events/${event._id}/registrations/${pendingId}`, {
      token: officer,
      json: { status: 'confirmed' },
    })
    expect(confirm.body).toMatchObject({
      message: 'Registration confirmed',
      registration: { status: 'confirmed' },
    })
    const token = tokenOf(pending.body.registration.manageUrl)
    expect((await call(app, 'GET', `/api/registrations/${token}`)).body.registration.status).toBe('confirmed')

    const cancel = await call(app, 'POST', `/api/events/${event._id}/registrations/bulk`, {
      token: officer,
      json: { ids: [pendingId], status: 'cancelled' },
    })
    expect(cancel.body).toMatchObject({ message: 'Cancelled 1 registration', count: 1 })
    const after = await call(app, 'GET', `/api/events/${event._id}/registrations`, { token: officer })
    expect(after.body.counts).toMatchObject({ cancelled: 1, offered: 1, waitlisted: 1 })

    const csv = await app.request(`/api/events/${event._id}/registrations/export`, {
      headers: { authorization: `Bearer ${officer}` },
    })
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    // Named after the event: its date and title.
    const slug = event.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
    expect(csv.headers.get('content-disposition')).toContain(
      `attendees-${FIXED_CLOCK_EVENT_DATE}-${slug}.csv`,
    )
    const text = await csv.text()
    // Times in the site's zone as YYYY-MM-DD HH:mm, never ISO instants.
    expect(text).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}",/)
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
    expect(text).toContain(
      '"Name","Email","Phone","Status","Place in line","Registered","Payment method","Transaction ID","Transaction ID shared","Checked in","Checked in by","Student ID","T-shirt size"',
    )
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)

    const activity = await call(app, 'GET', `/api/activity?type=registration`, { token: officer })
    expect(activity.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'cancel',
      'confirm',
    ])

    for (const [method, path] of [
      ['GET', `/api/events/${event._id}/registrations`],
      ['GET', `/api/events/${event._id}/registrations/export`],
      ['PATCH', `/api/events/${event._id}/registrations/${pendingId}`],
    ] as const) {
      const refused = await call(app, method, path, {
        token: otherOfficer,
        json: method === 'PATCH' ? { status: 'cancelled' } : undefined,
      })
      expect(refused.status).toBe(403)
    }
    expect((await call(app, 'GET', `/api/events/${event._id}/registrations`)).status).toBe(401)
  })

  it('messages need a mail server', async () => {
    const event = await eventWith()
    const answer = await call(app, 'POST', `/api/events/${event._id}/messages`, {
      token: officer,
      json: { to: 'all', subject: 'Room change', text: 'We moved to room 301.' },
    })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('No mail server is set up (SMTP_URL), so no message can be sent.')
  })
})

describe('personal data', () => {
  it('registrations go to the trash with their event and come back with it', async () => {
    const event = await eventWith()
    await register(event._id)
    await register(event._id)
    const deleted = await call(app, 'DELETE', `/api/events/${event._id}`, { token: officer })
    expect(allRegistrationsOf(app.db, event._id)).toHaveLength(0)
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })
    expect(restored.status).toBe(200)
    expect(allRegistrationsOf(app.db, event._id)).toHaveLength(2)
    expect((await call(app, 'GET', `/api/events/${event._id}`)).body.event.seatsLeft).toBe(0)
  })

  it('registrations of events over a year old are anonymised, and their links stop working', async () => {
    const event = await eventWith({}, { eventDate: '2026-12-01' })
    const registered = await register(event._id, validAttendee({ phone: '+880 1711-000000' }))
    anonymiseOldRegistrations(app.db, Date.parse('2027-11-30T00:00:00Z'), 'Asia/Dhaka', 365)
    expect(allRegistrationsOf(app.db, event._id)[0]?.anonymisedAt).toBeNull()
    expect(
      anonymiseOldRegistrations(app.db, Date.parse('2027-12-05T00:00:00Z'), 'Asia/Dhaka', 365),
    ).toBeGreaterThanOrEqual(1)
    const [row] = allRegistrationsOf(app.db, event._id)
    expect(row).toMatchObject({ name: 'Anonymised', phone: '', answers: '{}', status: 'confirmed' })
    expect(row?.email).toMatch(/@anonymised\.invalid$/)
    expect(
      (await call(app, 'GET', `/api/registrations/${tokenOf(registered.body.registration.manageUrl)}`))
        .status,
    ).toBe(404)
  })
})
