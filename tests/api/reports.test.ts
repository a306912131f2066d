import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToInstant } from '#db/clock'
import { allRegistrationsOf, anonymiseOldRegistrations } from '#db/queries/registrations.server'
import type { RegistrationQuestion } from '#db/schema'
import {
  type Account,
  call,
  snapshot,
  validAttendee,
  validEvent,
  validRegistrationSettings,
} from '../support/api'
import { csvRecords } from '../support/csv'
import {
  createEvent as createEventThroughApi,
  startRegistrationFixture,
} from '../support/registration-fixture'
import type { TestApp } from '../support/test-app'

/**
 * Attendance reports through the API (docs/decisions/086-attendance-reports.md): an event's figures as JSON
 * and as a vTools meeting report in CSV, a chapter's period with totals, scoping by chapter, bad queries.
 */

let app: TestApp
let chapterA: Account
let chapterB: Account
let officerA: string
let officerB: string
let admin: string
/**
 * The server's clock (reports, sessions): mid-June 2026, whatever day the suite runs on, so the events of
 * March are over and the one of next February is ahead. A test that moves it puts it back.
 */
const JUNE_2026 = Date.parse('2026-06-15T06:00:00Z')
let now = JUNE_2026
/** Registration's clock: before the events, so that registration is open. */
const registrationNow = Date.parse('2026-01-15T06:00:00Z')
const TIME_ZONE = 'Asia/Dhaka'

const membershipQuestion = {
  id: 'ieee',
  label: 'IEEE number',
  type: 'text',
  required: false,
  membership: true,
} satisfies RegistrationQuestion
const universityQuestion = {
  id: 'uni',
  label: 'University',
  type: 'text',
  required: false,
} satisfies RegistrationQuestion

/** Chapter A's ended event: 7 registrations, 3 checked in (2 members), 2 no-shows, 1 pending, 1 cancelled. */
let ended: { _id: string }
/** Chapter A's event next year, 2 confirmed and 1 checked in (early): no no-shows yet. */
let upcoming: { _id: string }
/** Chapter B's event in the same period. */
let eventOfB: { _id: string }

async function createEvent(token: string, fields: Record<string, unknown>, registration: object | null) {
  return createEventThroughApi(app, token, {
    title: 'Meetup',
    fields,
    registration: registration && { capacity: null, ...registration },
  })
}

/** A registration through the service, as the event page's form makes one; its id. */
function register(eventId: string, answers: Record<string, string | boolean> = {}) {
  return app.registrations.register(eventId, validAttendee({ answers })).registration.id
}

/** Checks a registration in at the door, through the check-in API, as the event's officer. */
async function checkIn(eventId: string, registrationId: string, token = officerA) {
  const answer = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
    token,
    json: { registrationId },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/** Confirms or cancels a registration as the event's officer does on the Attendees page. */
async function setStatus(eventId: string, registrationId: string, status: 'confirmed' | 'cancelled') {
  const answer = await call(app, 'PATCH', `/api/events/${eventId}/registrations/${registrationId}`, {
    token: officerA,
    json: { status },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

beforeAll(async () => {
  const fixture = await startRegistrationFixture({
    app: {
      env: { RATE_LIMIT_SCALE: '100', TIME_ZONE },
      clock: () => now,
      registrations: { now: () => registrationNow },
    },
    chapter: { name: 'Report Chapter A', email: 'report-a@example.org' },
    others: [
      { name: 'Report Chapter B', email: 'report-b@example.org' },
      { name: 'Quiet Chapter', email: 'quiet@example.org' },
      { role: 'admin', name: 'Report Admin', email: 'report-admin@example.org' },
    ],
  })
  ;({ app, chapter: chapterA, officer: officerA } = fixture)
  ;({ account: chapterB, token: officerB } = fixture.others[0])
  admin = fixture.others[2].token

  ended = await createEvent(
    officerA,
    {
      title: 'Rust meetup = fun',
      eventDate: '2026-03-10',
      startTime: '10:00',
      endTime: '12:00',
      type: 'Meetup',
      host: 'Rust Study Group',
      description: 'Talks on **ownership**.\n\nPizza after.',
    },
    // With approval: one registration stays pending, as an officer leaves it.
    { questions: [universityQuestion, membershipQuestion], approval: true },
  )
  const ids = [
    register(ended._id, { ieee: '94012345', uni: 'BUET' }),
    register(ended._id, { uni: 'DU' }),
    register(ended._id, { ieee: '94099999' }),
    register(ended._id, { ieee: '94011111' }),
    register(ended._id),
    register(ended._id, { ieee: '94022222' }),
    register(ended._id, { ieee: '94033333' }),
  ]
  const [member1, guest, member2, , , cancelled, pending] = ids as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  for (const id of ids) if (id !== pending && id !== cancelled) await setStatus(ended._id, id, 'confirmed')
  await setStatus(ended._id, cancelled, 'cancelled')
  for (const id of [member1, guest, member2]) await checkIn(ended._id, id)

  upcoming = await createEvent(officerA, { eventDate: '2027-02-01' }, { questions: [membershipQuestion] })
  await checkIn(upcoming._id, register(upcoming._id, { ieee: '94044444' }))
  register(upcoming._id)

  eventOfB = await createEvent(officerB, { eventDate: '2026-05-05' }, { questions: [] })
  await checkIn(eventOfB._id, register(eventOfB._id), officerB)
})
afterAll(() => app.close())

const report = (token: string | undefined, eventId: string, query = '') =>
  call(app, 'GET', `/api/events/${eventId}/report${query}`, token ? { token } : {})
const attendance = (token: string | undefined, query: string) =>
  call(app, 'GET', `/api/reports/attendance?${query}`, token ? { token } : {})

describe('GET /api/events/{id}/report', () => {
  it('counts registered, confirmed, checked in, no-shows, members and guests of an ended event', async () => {
    const answer = await report(officerA, ended._id)
    expect(answer.status).toBe(200)
    expect(answer.body.report).toMatchObject({
      event: { _id: ended._id, title: 'Rust meetup = fun', eventDate: '2026-03-10', type: 'Meetup' },
      chapter: { name: chapterA.name, slug: chapterA.slug },
      ended: true,
      registrationOnSite: true,
      membershipQuestion: { label: 'IEEE number', foundBy: 'flag' },
      membersUnknown: null,
      figures: { registered: 6, confirmed: 5, checkedIn: 3, noShows: 2, members: 2, guests: 1 },
    })
    expect(answer.body.report.event.description).toBe('Talks on ownership.\n\nPizza after.')
    // The administrators see every chapter's; another chapter's officer sees none.
    expect((await report(admin, ended._id)).body.report.figures.members).toBe(2)
    const refused = await report(officerB, ended._id)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ success: false, message: expect.stringContaining('report') })
    expect((await report(undefined, ended._id)).status).toBe(401)
    expect((await report(officerA, '0'.repeat(24))).status).toBe(404)
  })

  it('answers CSV in the fields of a vTools meeting report', async () => {
    const answer = await app.request(`/api/events/${ended._id}/report?format=csv`, {
      headers: { authorization: `Bearer ${officerA}` },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename=meeting-report-2026-03-10-rust-meetup-fun.csv',
    )
    const records = csvRecords(await answer.text())
    expect(records).toEqual([
      {
        'Meeting date': '2026-03-10',
        'Start time': '10:00',
        'End time': '12:00',
        Title: 'Rust meetup = fun',
        'Meeting type': 'Meetup',
        'Organizers/Host': 'Rust Study Group',
        Chapter: chapterA.name,
        Location: 'Dhaka',
        'IEEE member attendance': '2',
        'Guest attendance': '1',
        'Total attendance': '3',
        Description: 'Talks on ownership.\n\nPizza after.',
        Registered: '6',
        Confirmed: '5',
        'Checked in': '3',
        'No-shows': '2',
      },
    ])
  })

  it('an ended event whose registration was elsewhere: its CSV cells are empty, as the screen says not known', async () => {
    const elsewhere = await createEvent(officerA, { title: 'Elsewhere talk', eventDate: '2024-04-04' }, null)
    const answer = await report(officerA, elsewhere._id)
    expect(answer.body.report).toMatchObject({ ended: true, registrationOnSite: false })
    const csv = await app.request(`/api/events/${elsewhere._id}/report?format=csv`, {
      headers: { authorization: `Bearer ${officerA}` },
    })
    expect(csvRecords(await csv.text())[0]).toMatchObject({
      'IEEE member attendance': '',
      'Guest attendance': '',
      'Total attendance': '',
      Registered: '',
      Confirmed: '',
      'Checked in': '',
      'No-shows': '',
    })
    const period = await app.request('/api/reports/attendance?from=2024-01-01&to=2024-12-31&format=csv', {
      headers: { authorization: `Bearer ${officerA}` },
    })
    expect(csvRecords(await period.text()).find((record) => record.Title === 'Elsewhere talk')).toMatchObject(
      {
        Registered: '',
        Confirmed: '',
        'Checked in': '',
        'No-shows': '',
        Members: '',
        Guests: '',
      },
    )
  })

  it('counts no-shows only once the event has ended, by the server clock in TIME_ZONE', async () => {
    const event = await createEvent(
      officerA,
      { eventDate: '2026-04-20', startTime: '18:00', endTime: '20:00' },
      {},
    )
    register(event._id, { 'student-id': '1' })
    const end = localToInstant('2026-04-20', '20:00', TIME_ZONE)
    try {
      now = end - 60_000
      const during = (await report(officerA, event._id)).body.report
      expect(during).toMatchObject({ ended: false, figures: { confirmed: 1, checkedIn: 0, noShows: null } })
      now = end
      const after = (await report(officerA, event._id)).body.report
      expect(after).toMatchObject({ ended: true, figures: { noShows: 1 } })
    } finally {
      now = JUNE_2026
    }
  })

  it('finds the membership question by its label, or by a checkbox, or says members cannot be told', async () => {
    const byLabel = await createEvent(
      officerA,
      { eventDate: '2026-02-02' },
      {
        questions: [{ id: 'm-no', label: 'Membership No.', type: 'text', required: false }],
      },
    )
    await checkIn(byLabel._id, register(byLabel._id, { 'm-no': ' 123 ' }))
    await checkIn(byLabel._id, register(byLabel._id, { 'm-no': '' }))
    expect((await report(officerA, byLabel._id)).body.report).toMatchObject({
      membershipQuestion: { label: 'Membership No.', foundBy: 'label' },
      figures: { checkedIn: 2, members: 1, guests: 1 },
    })

    const ticked = await createEvent(
      officerA,
      { eventDate: '2026-02-03' },
      {
        questions: [
          { id: 'member', label: 'I am a member', type: 'checkbox', required: false, membership: true },
        ],
      },
    )
    await checkIn(ticked._id, register(ticked._id, { member: true }))
    await checkIn(ticked._id, register(ticked._id, { member: false }))
    await checkIn(ticked._id, register(ticked._id, { member: true }))
    expect((await report(officerA, ticked._id)).body.report.figures).toMatchObject({ members: 2, guests: 1 })

    const none = await createEvent(officerA, { eventDate: '2026-02-04' }, { questions: [universityQuestion] })
    await checkIn(none._id, register(none._id, { uni: 'NSU' }))
    expect((await report(officerA, none._id)).body.report).toMatchObject({
      membershipQuestion: null,
      membersUnknown: 'no-question',
      figures: { checkedIn: 1, members: null, guests: null },
    })
    const csv = csvRecords(
      await (
        await app.request(`/api/events/${none._id}/report?format=csv`, {
          headers: { authorization: `Bearer ${officerA}` },
        })
      ).text(),
    )
    expect(csv[0]).toMatchObject({
      'IEEE member attendance': '',
      'Guest attendance': '',
      'Total attendance': '1',
    })

    // An event without registration on this site has no figures, and says so.
    const outside = await createEvent(officerA, { eventDate: '2026-02-05' }, null)
    expect((await report(officerA, outside._id)).body.report).toMatchObject({
      registrationOnSite: false,
      figures: { registered: 0, checkedIn: 0 },
    })
  })

  it('an anonymised event keeps its counts but cannot tell members from guests', async () => {
    const old = await createEvent(officerA, { eventDate: '2026-02-06' }, { questions: [membershipQuestion] })
    await checkIn(old._id, register(old._id, { ieee: '1' }))
    // Over a year ago now: the sweep anonymises its registrations.
    app.db.$client.prepare('UPDATE events SET event_date = ? WHERE id = ?').run('2024-01-10', old._id)
    expect(anonymiseOldRegistrations(app.db, now, TIME_ZONE, 365)).toBeGreaterThan(0)
    expect(allRegistrationsOf(app.db, old._id)[0]?.answers).toBe('{}')
    expect((await report(officerA, old._id)).body.report).toMatchObject({
      membersUnknown: 'anonymised',
      figures: { checkedIn: 1, members: null, guests: null },
    })
  })

  it('refuses a query it does not know, with field errors', async () => {
    const answer = await report(officerA, ended._id, '?format=xml&extra=1')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      success: false,
      message: 'The query string is not valid.',
      errors: { format: 'format must be json or csv', extra: 'Unknown field' },
    })
  })
})

describe('GET /api/reports/attendance', () => {
  const period = 'from=2026-01-01&to=2026-12-31'

  it("gives an officer their own chapter's events of the period, with totals", async () => {
    const answer = await attendance(officerA, period)
    expect(answer.status).toBe(200)
    const { report: body } = answer.body
    expect(body).toMatchObject({ from: '2026-01-01', to: '2026-12-31', chapter: { slug: chapterA.slug } })
    expect(body.sections).toHaveLength(1)
    const titles = body.sections[0].events.map((entry: { event: { title: string } }) => entry.event.title)
    expect(titles).toContain('Rust meetup = fun')
    // Only the period's: next year's event is left out; only chapter A's.
    const ids = body.sections[0].events.map((entry: { event: { _id: string } }) => entry.event._id)
    expect(ids).not.toContain(upcoming._id)
    expect(ids).not.toContain(eventOfB._id)
    // Events come by date.
    const dates = body.sections[0].events.map(
      (entry: { event: { eventDate: string } }) => entry.event.eventDate,
    )
    expect(dates).toEqual([...dates].sort())
    const sum = (key: string) =>
      body.sections[0].events.reduce(
        (total: number, entry: { figures: Record<string, number | null> }) =>
          total + (entry.figures[key] ?? 0),
        0,
      )
    expect(body.totals).toMatchObject({
      events: ids.length,
      registered: sum('registered'),
      confirmed: sum('confirmed'),
      checkedIn: sum('checkedIn'),
      noShows: sum('noShows'),
      members: sum('members'),
      guests: sum('guests'),
    })
    expect(body.chaptersWithoutEvents).toEqual([])
    // Their own chapter by slug is the same report; another's is refused.
    expect((await attendance(officerA, `${period}&chapterSlug=${chapterA.slug}`)).body).toEqual(answer.body)
    const refused = await attendance(officerA, `${period}&chapterSlug=${chapterB.slug}`)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      success: false,
      message: "You can only see your own chapter's attendance.",
    })
    expect((await attendance(undefined, period)).status).toBe(401)
  })

  it('upcoming events of the period count what is known, no no-shows', async () => {
    const answer = await attendance(officerA, 'from=2027-01-01&to=2027-12-31')
    expect(answer.body.report.sections[0].events).toMatchObject([
      {
        event: { _id: upcoming._id },
        ended: false,
        figures: { confirmed: 2, checkedIn: 1, noShows: null, members: 1, guests: 0 },
      },
    ])
    expect(answer.body.report.totals).toMatchObject({
      events: 1,
      noShows: 0,
      members: 1,
      eventsWithMembers: 1,
    })
  })

  it('gives an administrator every chapter, a section each, and names the chapters without events', async () => {
    const answer = await attendance(admin, period)
    expect(answer.status).toBe(200)
    const { report: body } = answer.body
    expect(body.chapter).toBeNull()
    const slugs = body.sections.map((section: { chapter: { slug: string } | null }) => section.chapter?.slug)
    expect(slugs).toEqual([chapterA.slug, chapterB.slug])
    expect(body.sections[1].events).toMatchObject([
      { event: { _id: eventOfB._id }, figures: { checkedIn: 1 } },
    ])
    expect(body.chaptersWithoutEvents.map((chapter: { name: string }) => chapter.name)).toEqual([
      'Quiet Chapter',
    ])
    expect(body.totals.events).toBe(body.sections[0].totals.events + body.sections[1].totals.events)
    expect(body.totals.checkedIn).toBe(body.sections[0].totals.checkedIn + 1)
    // One chapter by slug.
    const one = await attendance(admin, `${period}&chapterSlug=${chapterB.slug}`)
    expect(one.body.report.sections).toHaveLength(1)
    expect(one.body.report.totals).toMatchObject({ events: 1, checkedIn: 1 })
    expect((await attendance(admin, `${period}&chapterSlug=no-such-chapter`)).status).toBe(404)
  })

  it('answers CSV for an annual report: a row per event with its chapter, then the totals', async () => {
    const json = (await attendance(admin, period)).body.report
    const answer = await app.request(`/api/reports/attendance?${period}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename=attendance-all-chapters-2026-01-01-to-2026-12-31.csv',
    )
    const records = csvRecords(await answer.text())
    expect(records).toHaveLength(json.totals.events + 1)
    expect(records.find((record) => record.Title === 'Rust meetup = fun')).toEqual({
      Chapter: chapterA.name,
      Date: '2026-03-10',
      Title: 'Rust meetup = fun',
      Type: 'Meetup',
      Host: 'Rust Study Group',
      Location: 'Dhaka',
      Registered: '6',
      Confirmed: '5',
      'Checked in': '3',
      'No-shows': '2',
      Members: '2',
      Guests: '1',
    })
    expect(records.at(-1)).toMatchObject({
      Chapter: 'All chapters',
      Title: `Total: ${json.totals.events} events`,
      'Checked in': String(json.totals.checkedIn),
      Members: String(json.totals.members),
    })
    const officerCsv = await app.request(`/api/reports/attendance?${period}&format=csv`, {
      headers: { authorization: `Bearer ${officerA}` },
    })
    expect(officerCsv.headers.get('content-disposition')).toBe(
      `attachment; filename=attendance-${chapterA.slug}-2026-01-01-to-2026-12-31.csv`,
    )
  })

  it.each([
    ['', { from: 'The first day (From) is required', to: 'The last day (To) is required' }],
    ['from=2026-02-30&to=2026-03-01', { from: 'The first day (From) must be a real date as YYYY-MM-DD' }],
    ['from=1-1-2026&to=2026-03-01', { from: 'The first day (From) must be a real date as YYYY-MM-DD' }],
    ['from=2026-03-01&to=2026-02-01', { to: 'The last day cannot be before the first day' }],
    ['from=2020-01-01&to=2025-01-01', { to: 'A report covers at most 5 years' }],
    ['from=2026-01-01&to=2026-12-31&chapterSlug=Not%20A%20Slug', { chapterSlug: 'Not a valid chapter slug' }],
    ['from=2026-01-01&to=2026-12-31&format=pdf', { format: 'format must be json or csv' }],
    ['from=2026-01-01&to=2026-12-31&year=2026', { year: 'Unknown field' }],
  ])('refuses ?%s with field errors', async (query, errors) => {
    const before = snapshot(app.db)
    const answer = await attendance(officerA, query)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ success: false, message: 'The query string is not valid.', errors })
    expect(snapshot(app.db)).toEqual(before)
  })

  it('takes five years exactly', async () => {
    expect((await attendance(officerA, 'from=2021-01-01&to=2025-12-31')).status).toBe(200)
  })
})

describe('the membership question in the event form', () => {
  it('is one question at most, and a text or checkbox question', async () => {
    const twice = await call(app, 'POST', '/api/events', {
      token: officerA,
      json: {
        ...validEvent(),
        registration: validRegistrationSettings({
          questions: [membershipQuestion, { ...universityQuestion, membership: true }],
        }),
      },
    })
    expect(twice.status).toBe(400)
    expect(twice.body.errors).toEqual({
      'registration.questions.1.membership': 'Only one question may tell members from guests',
    })
    const choice = await call(app, 'POST', '/api/events', {
      token: officerA,
      json: {
        ...validEvent(),
        registration: validRegistrationSettings({
          questions: [
            {
              id: 'kind',
              label: 'Member?',
              type: 'choice',
              required: false,
              options: ['Yes', 'No'],
              membership: true,
            },
          ],
        }),
      },
    })
    expect(choice.status).toBe(400)
    expect(choice.body.errors).toEqual({
      'registration.questions.0.membership':
        'Members are told by a text question (the membership number) or a checkbox, not a choice',
    })
  })

  it('is kept with the event and read back by its editor', async () => {
    const answer = await call(app, 'GET', `/api/events/${ended._id}`, { token: officerA })
    expect(answer.body.event.registration.questions).toContainEqual(membershipQuestion)
  })
})
