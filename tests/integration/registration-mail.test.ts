import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMails } from '#db/schema'
import {
  type Account,
  addAccount,
  call,
  FIXED_CLOCK_EVENT_DATE,
  signIn,
  unique,
  validAttendee,
  validEvent,
  validRegistrationSettings,
} from '../support/api'
import { onlyEvent, parseCalendar } from '../support/ical'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The mails of registration, through the outbox to a real SMTP server on loopback: each with the event's
 * details, calendar links, the manage link and a calendar file that a calendar program can read.
 */

let smtp: TestSmtpServer
let app: TestApp
let chapter: Account
let officer: string
/** The rules' clock and the outbox's: moved by the tests. */
let now = Date.parse('2026-11-20T06:00:00Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://chapter.example.org' },
    registrations: { now: () => now },
    outbox: { now: () => now },
  })
  chapter = await addAccount(app.db, { name: 'Mail Chapter', email: 'mail-chapter@example.org' })
  officer = (await signIn(app, chapter.email)).token
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address

/** The mail to `address` whose subject starts with `subject`, waiting for it. */
const mailTo = (address: string, subject: string) =>
  smtp.waitFor((mail) => to(mail) === address && (mail.subject ?? '').startsWith(subject))

const mailsTo = (address: string) => smtp.messages.filter((mail) => to(mail) === address)

function calendarOf(mail: ParsedMail): Record<string, string> {
  const attachment = mail.attachments.find((file) => file.contentType === 'text/calendar')
  if (!attachment) throw new Error(`no calendar file in "${mail.subject}"`)
  expect(attachment.filename).toBe('event.ics')
  return onlyEvent(parseCalendar(attachment.content.toString('utf8')))
}

/** Someone without a seat (waiting, offered one) gets no calendar file: nothing to put in a calendar yet. */
const expectNoCalendar = (mail: ParsedMail) =>
  expect(mail.attachments.filter((file) => file.contentType === 'text/calendar')).toEqual([])

const manageLinkOf = (mail: ParsedMail) =>
  /https:\/\/chapter\.example\.org\/registrations\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1] ?? ''

async function eventWith(registration: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  const answer = await call(app, 'POST', '/api/events', {
    token: officer,
    json: {
      ...validEvent({
        eventDate: FIXED_CLOCK_EVENT_DATE,
        title: unique('Rust Workshop'),
        location: 'Room 101, Dhaka',
        ...fields,
      }),
      registration: validRegistrationSettings(registration),
    },
  })
  expect(answer.status).toBe(201)
  return answer.body.event._id as string
}

const register = async (eventId: string, email: string) => {
  const answer = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
    json: validAttendee({ email, name: 'Karim Hossain' }),
  })
  expect(answer.status).toBe(201)
  return answer.body.registration as { status: string; position?: number; manageUrl: string }
}

describe('registration mails', () => {
  it('confirmed: the details, calendar links, the manage link and a calendar file at the right moment', async () => {
    const eventId = await eventWith()
    const email = `${unique('karim')}@example.org`
    const registration = await register(eventId, email)
    const mail = await mailTo(email, "You're registered: Rust Workshop")
    expect(mail.text).toContain('Hello Karim Hossain,')
    expect(mail.text).toContain('When: Tuesday 1 December 2026, 10:00 to 12:30 (Asia/Dhaka time)')
    expect(mail.text).toContain('Where: Room 101, Dhaka')
    expect(mail.text).toContain(`https://chapter.example.org/events/${eventId}`)
    expect(mail.text).toContain(registration.manageUrl)
    const google = /Add to Google Calendar: (\S+)/.exec(mail.text ?? '')?.[1] ?? ''
    expect(new URL(google).searchParams.get('dates')).toBe('20261201T040000Z/20261201T063000Z')
    const outlook = /Add to Outlook: (\S+)/.exec(mail.text ?? '')?.[1] ?? ''
    expect(new URL(outlook).searchParams.get('startdt')).toBe('2026-12-01T04:00:00Z')
    expect(mail.html).toContain(registration.manageUrl.replaceAll('&', '&amp;'))
    const ics = calendarOf(mail)
    expect(ics).toMatchObject({
      DTSTART: '20261201T040000Z',
      DTEND: '20261201T063000Z',
      SEQUENCE: '0',
      STATUS: 'CONFIRMED',
      LOCATION: 'Room 101, Dhaka',
    })
    expect(ics.UID).toMatch(/^registration-[0-9a-f]{24}@chapter\.example\.org$/)
    expect(ics.SUMMARY).toMatch(/^Rust Workshop/)
  })

  it("the calendar file's description is plain text: the event's Markdown stripped", async () => {
    const eventId = await eventWith(
      {},
      { description: '## Plan\n\n**Bring** a [laptop](https://example.org/laptop).' },
    )
    const email = `${unique('plain')}@example.org`
    await register(eventId, email)
    const description = calendarOf(await mailTo(email, "You're registered:")).DESCRIPTION ?? ''
    expect(description).toContain('Bring a laptop')
    expect(description).not.toMatch(/\*\*|##|\]\(/)
  })

  it('a paid event\'s "registration received" mail says where to pay: registration.paymentInstructions', async () => {
    const instructions = 'bKash 01700-000000 (personal): Send Money.\nReference: your student ID.'
    const answer = await call(app, 'POST', '/api/events', {
      token: officer,
      json: {
        ...validEvent({ title: unique('Paid Workshop'), fees: 200 }),
        registration: validRegistrationSettings({
          paymentMethods: ['bkash', 'nagad'],
          paymentInstructions: instructions,
        }),
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.event.registration.paymentInstructions).toBe(instructions)
    const email = `${unique('payer')}@example.org`
    const registered = await call(app, 'POST', `/api/events/${answer.body.event._id}/registrations`, {
      json: validAttendee({ email, paymentMethod: 'bkash', transactionId: 'TX123' }),
    })
    expect(registered.status).toBe(201)
    const mail = await mailTo(email, 'Registration received: Paid Workshop')
    expect(mail.text).toContain(`How to pay:\n${instructions}`)
    expect(mail.html).toContain('Reference: your student ID.')
  })

  it('waiting with the place in line; a freed seat is offered by mail and accepted from its link', async () => {
    const eventId = await eventWith({ capacity: 1 })
    const seated = `${unique('seated')}@example.org`
    const waiting = `${unique('waiting')}@example.org`
    const first = await register(eventId, seated)
    await register(eventId, waiting)
    const queued = await mailTo(waiting, 'Waiting list, place 1:')
    expect(queued.text).toContain('you are on its waiting list, in place 1')
    expectNoCalendar(queued)

    const token = first.manageUrl.split('/').pop()
    expect((await call(app, 'DELETE', `/api/registrations/${token}`)).status).toBe(200)
    const cancelled = await mailTo(seated, 'Registration cancelled:')
    expect(calendarOf(cancelled)).toMatchObject({ STATUS: 'CANCELLED', SEQUENCE: '1' })

    const offer = await mailTo(waiting, 'A seat is free for you:')
    expect(offer.text).toContain('before Saturday 21 November 2026, 12:00 (Asia/Dhaka time)')
    expectNoCalendar(offer)
    // Its main button leads to the page whose one button takes the seat.
    const takeSeat = `https://chapter.example.org/registrations/${manageLinkOf(offer)}/accept`
    expect(offer.html).toContain(`href="${takeSeat}"`)
    expect(offer.html).toMatch(/>Take the seat<\/a>/)
    expect(offer.text).toContain(`Take the seat: ${takeSeat}`)
    const accepted = await call(app, 'POST', `/api/registrations/${manageLinkOf(offer)}/accept`)
    expect(accepted.body.registration.status).toBe('confirmed')
    const confirmed = await mailTo(waiting, "You're registered:")
    const after = calendarOf(confirmed)
    expect(after.UID).toMatch(/^registration-.+@chapter\.example\.org$/)
    expect(Number(after.SEQUENCE)).toBeGreaterThan(0)
    expect(after.STATUS).toBe('CONFIRMED')
  })

  it('an offer not taken in time: its holder is told the seat has gone, and the next in line is offered it', async () => {
    const eventId = await eventWith({ capacity: 1 })
    const seated = `${unique('seated')}@example.org`
    const lapsing = `${unique('lapsing')}@example.org`
    const next = `${unique('next')}@example.org`
    const first = await register(eventId, seated)
    await register(eventId, lapsing)
    await register(eventId, next)
    expect((await call(app, 'DELETE', `/api/registrations/${first.manageUrl.split('/').pop()}`)).status).toBe(
      200,
    )
    await mailTo(lapsing, 'A seat is free for you:')
    const startedAt = now
    now += 24 * 60 * 60 * 1000
    try {
      expect(app.registrations.runDue().expired).toBe(1)
      const told = await mailTo(lapsing, 'Registration cancelled:')
      expect(told.text).toContain('was not taken in time, so it has gone to the next in line')
      // They never had a seat, so no calendar file to take back.
      expectNoCalendar(told)
      await mailTo(next, 'A seat is free for you:')
    } finally {
      now = startedAt
    }
  })

  it('a change of date, time or place mails everyone registered a new calendar file, SEQUENCE + 1', async () => {
    const eventId = await eventWith()
    const email = `${unique('moved')}@example.org`
    await register(eventId, email)
    const first = calendarOf(await mailTo(email, "You're registered:"))
    const unchanged = await call(app, 'PUT', `/api/events/${eventId}`, {
      token: officer,
      json: validEvent({
        eventDate: FIXED_CLOCK_EVENT_DATE,
        title: 'Rust Workshop',
        location: 'Room 101, Dhaka',
        description: 'New text',
      }),
    })
    expect(unchanged.status).toBe(200)
    const moved = await call(app, 'PUT', `/api/events/${eventId}`, {
      token: officer,
      json: validEvent({
        eventDate: FIXED_CLOCK_EVENT_DATE,
        title: 'Rust Workshop',
        location: 'Hall 3, Dhaka',
        startTime: '14:00',
        endTime: '16:00',
      }),
    })
    expect(moved.status).toBe(200)
    const update = await mailTo(email, 'Changed: Rust Workshop')
    expect(update.text).toContain('Where: Hall 3, Dhaka')
    // What changed, old → new.
    expect(update.text).toContain('Where: Room 101, Dhaka → Hall 3, Dhaka')
    expect(update.text).toMatch(
      /When: .*, 10:00 to 12:30 \(Asia\/Dhaka time\) → .*, 14:00 to 16:00 \(Asia\/Dhaka time\)/,
    )
    expect(calendarOf(update)).toMatchObject({
      UID: first.UID,
      SEQUENCE: String(Number(first.SEQUENCE) + 1),
      DTSTART: '20261201T080000Z',
      LOCATION: 'Hall 3, Dhaka',
    })
    // The description alone changed nothing an attendee needs to hear about.
    expect(mailsTo(email).filter((mail) => mail.subject?.startsWith('Changed:'))).toHaveLength(1)
  })

  it('one reminder per confirmed attendee 24 hours before the start', async () => {
    const eventId = await eventWith({ capacity: 1 })
    const seated = `${unique('remind')}@example.org`
    const waiting = `${unique('not-reminded')}@example.org`
    await register(eventId, seated)
    await register(eventId, waiting)
    await mailTo(seated, "You're registered:")
    now = Date.parse('2026-11-30T03:00:00Z') // 25 hours before 10:00 in Dhaka
    expect(app.registrations.runDue().reminded).toBe(0)
    now = Date.parse('2026-11-30T05:00:00Z') // 23 hours before
    expect(app.registrations.runDue().reminded).toBeGreaterThanOrEqual(1)
    expect(app.registrations.runDue().reminded).toBe(0)
    const reminder = await mailTo(seated, 'Reminder: Rust Workshop')
    await app.outboxDrained()
    expect(calendarOf(reminder).STATUS).toBe('CONFIRMED')
    expect(mailsTo(seated).filter((mail) => mail.subject?.startsWith('Reminder:'))).toHaveLength(1)
    expect(mailsTo(waiting).filter((mail) => mail.subject?.startsWith('Reminder:'))).toHaveLength(0)
    now = Date.parse('2026-11-20T06:00:00Z')
  })

  it("a registration's first mail is queued as a recipe and made when sent; not while its event is in the trash", async () => {
    const eventId = await eventWith({ capacity: 1 })
    const email = `${unique('recipe')}@example.org`
    await register(eventId, `${unique('first')}@example.org`)
    await register(eventId, email)
    const sent = await mailTo(email, 'Waiting list, place 1:')
    expect(sent.text).toContain('in place 1')
    expectNoCalendar(sent)
    const [row] = app.db
      .select()
      .from(outboxMails)
      .all()
      .filter((mail) => mail.to === email)
    if (!row) throw new Error('no outbox row')
    // Queued without its text: what it is made from, as it was then.
    expect(row.text).toBe('')
    expect(row.html).toBeNull()
    expect(JSON.parse(row.recipe ?? '{}')).toMatchObject({
      kind: 'waitlisted',
      place: 1,
      status: 'waitlisted',
    })
    expect(app.registrations.mailOf(row)?.subject).toBe(sent.subject)

    const deleted = await call(app, 'DELETE', `/api/events/${eventId}`, { token: officer })
    expect(app.registrations.mailOf(row)).toBeUndefined()
    await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })
    expect(app.registrations.mailOf(row)?.text).toContain('in place 1')
  })

  it('a deleted event tells its attendees once its Undo has run out, not when it is restored in time', async () => {
    const eventId = await eventWith()
    const email = `${unique('deleted')}@example.org`
    await register(eventId, email)
    await mailTo(email, "You're registered:")
    const deleted = await call(app, 'DELETE', `/api/events/${eventId}`, { token: officer })
    const held = app.db
      .select()
      .from(outboxMails)
      .all()
      .filter((mail) => mail.to === email && mail.status === 'pending')
    expect(held).toHaveLength(1)
    expect(
      (await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })).status,
    ).toBe(200)
    expect(
      app.db
        .select()
        .from(outboxMails)
        .all()
        .filter((mail) => mail.to === email && mail.status === 'pending'),
    ).toHaveLength(0)

    await call(app, 'DELETE', `/api/events/${eventId}`, { token: officer })
    now += 5_000
    await app.outboxDrained()
    expect(mailsTo(email).filter((mail) => mail.subject?.startsWith('Cancelled:'))).toHaveLength(0)
    now += 60_000
    app.outbox?.wake()
    const cancelled = await mailTo(email, 'Cancelled: Rust Workshop')
    expect(cancelled.text).toContain('has been cancelled')
    expect(calendarOf(cancelled).STATUS).toBe('CANCELLED')
    now = Date.parse('2026-11-20T06:00:00Z')
  })

  it("mails a stranger's address nothing typed by the stranger but a plain name: a link in the name is refused", async () => {
    const eventId = await eventWith({ paymentMethods: ['bkash'] }, { fees: 100 })
    const victim = `${unique('victim')}@example.org`
    const phishing = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee({
        email: victim,
        name: 'URGENT: verify your bKash PIN at http://evil.example/login',
        paymentMethod: 'bkash',
        transactionId: 'ABC123',
      }),
    })
    expect(phishing.status).toBe(400)
    expect(phishing.body.errors.name).toBe('A name cannot contain a web address or a domain')
    const paid = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee({
        email: victim,
        name: 'Karim Hossain',
        paymentMethod: 'bkash',
        transactionId: 'VERIFY-PIN-AT-EVIL',
      }),
    })
    expect(paid.status).toBe(201)
    const mail = await mailTo(victim, 'Registration received')
    expect(mail.text).toContain('bKash')
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/evil|VERIFY-PIN/i)
    expect(mailsTo(victim)).toHaveLength(1)
  })

  it('restored after its attendees were told it was off: each is told it is back, calendar CONFIRMED, SEQUENCE up, ticket', async () => {
    const eventId = await eventWith()
    const email = `${unique('restored')}@example.org`
    await register(eventId, email)
    await mailTo(email, "You're registered:")
    const deleted = await call(app, 'DELETE', `/api/events/${eventId}`, { token: officer })
    now += 60_000
    app.outbox?.wake()
    const cancelled = await mailTo(email, 'Cancelled: Rust Workshop')
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })
    expect(restored.status).toBe(200)
    const back = await mailTo(email, 'Back on: Rust Workshop')
    expect(back.text).toContain('is back on')
    expect(back.text).toMatch(
      /Your ticket \(show its QR code at the door\): https:\/\/chapter\.example\.org\/t\//,
    )
    const ics = calendarOf(back)
    expect(ics.STATUS).toBe('CONFIRMED')
    expect(ics.UID).toBe(calendarOf(cancelled).UID)
    expect(Number(ics.SEQUENCE)).toBeGreaterThan(Number(calendarOf(cancelled).SEQUENCE))
    now = Date.parse('2026-11-20T06:00:00Z')
  })

  it('"Message attendees" writes to the chosen attendees through the outbox, with progress', async () => {
    const eventId = await eventWith({ capacity: 1 })
    const seated = `${unique('told')}@example.org`
    const waiting = `${unique('untold')}@example.org`
    await register(eventId, seated)
    await register(eventId, waiting)
    const sent = await call(app, 'POST', `/api/events/${eventId}/messages`, {
      token: officer,
      json: { to: 'confirmed', subject: 'Room change', text: 'We meet in room 301.\nBring a laptop.' },
    })
    expect(sent.status).toBe(202)
    expect(sent.body).toMatchObject({ queued: 1, messageId: expect.stringMatching(/^[0-9a-f]{24}$/) })
    const message = await mailTo(seated, 'Room change')
    expect(message.text).toContain('We meet in room 301.\nBring a laptop.')
    expect(message.attachments).toHaveLength(0)
    // Answers go to the chapter, not to the no-reply sender.
    expect(message.replyTo?.value[0]?.address).toBe(chapter.email)
    const progress = await call(app, 'GET', `/api/events/${eventId}/messages/${sent.body.messageId}`, {
      token: officer,
    })
    expect(progress.body.progress).toEqual({ pending: 0, sent: 1, failed: 0 })
    await app.outboxDrained()
    expect(mailsTo(waiting).filter((mail) => mail.subject === 'Room change')).toHaveLength(0)

    // Another chapter reads nothing of it through its own event.
    const other = await addAccount(app.db, { name: 'Other Mail Chapter', email: 'other-mail@example.org' })
    const otherOfficer = (await signIn(app, other.email)).token
    const theirs = await call(app, 'POST', '/api/events', {
      token: otherOfficer,
      json: { ...validEvent({ title: unique('Their Workshop') }), registration: validRegistrationSettings() },
    })
    expect(theirs.status).toBe(201)
    const peek = await call(
      app,
      'GET',
      `/api/events/${theirs.body.event._id}/messages/${sent.body.messageId}`,
      {
        token: otherOfficer,
      },
    )
    expect(peek.body.progress).toEqual({ pending: 0, sent: 0, failed: 0 })
  })
})
