import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LINK_REQUEST_ANSWER } from '#db/registration-fields'
import { outboxMails } from '#db/schema'
import { call, unique, validAttendee } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { createEvent, pageOf, startRegistrationFixture } from '../support/registration-fixture'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import type { TestApp } from '../support/test-app'

/**
 * What a visitor gets after registering and when the link is lost (docs/product.md#registration): the seats left
 * counting the new registration, where the mail went, and "Send me my link", answered alike whether or not
 * the address is registered; the event page's facts in words an attendee reads.
 */

let app: TestApp
let smtp: TestSmtpServer
let officer: string

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  smtp = await startSmtpServer()
  ;({ app, officer } = await startRegistrationFixture({
    app: { pages: 'production', env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100' } },
    chapter: { name: 'Link Chapter', email: 'link-chapter@example.org' },
  }))
}, 300_000)
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

async function eventWith(registration: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  return (await createEvent(app, officer, { title: 'Link Workshop', fields, registration }))._id
}

const linkMailsTo = (email: string) =>
  app.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.kind, 'registration-link'), eq(outboxMails.to, email)))
    .all()

const page = (path: string, init?: RequestInit) => pageOf(app, path, init)

const postLinkForm = (eventId: string, email: string) =>
  page(`/events/${eventId}/registration-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  })

describe('registering', () => {
  it('answers with the seats left counting the new registration, and where its mail went', async () => {
    const eventId = await eventWith({ capacity: 3 })
    const attendee = validAttendee()
    const answer = await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: attendee })
    expect(answer.status).toBe(201)
    expect(answer.body.registration).toMatchObject({ status: 'confirmed', mailedTo: attendee.email })
    expect(answer.body.availability).toEqual({ state: 'open', seatsLeft: 2 })

    const last = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee(),
    })
    await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: validAttendee() })
    expect(last.body.availability).toEqual({ state: 'open', seatsLeft: 1 })
    const waiting = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee(),
    })
    expect(waiting.body.registration.status).toBe('waitlisted')
    expect(waiting.body.availability).toEqual({ state: 'waitlist', seatsLeft: 0 })
  })

  it('without scripts, the manage page says where the ticket went', async () => {
    const eventId = await eventWith()
    const response = await app.request(`/events/${eventId}/register`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Tanvir Ahmed',
        email: `${unique('no-script')}@example.org`,
        'answers.student-id': '2020-2-60-011',
      }).toString(),
    })
    expect(response.status).toBe(303)
    const manage = await page(response.headers.get('location') ?? '')
    expect(manage.html).toContain('Your ticket is on its way to ')
    expect(manage.html).toContain('show its QR code at the door')
  })
})

describe('send me my link', () => {
  it('mails a registered address its link, once in ten minutes; an unknown address gets the same answer and no mail', async () => {
    const eventId = await eventWith()
    const attendee = validAttendee({ name: 'মাহমুদা আক্তার' })
    const registered = await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: attendee })
    const manageUrl = registered.body.registration.manageUrl as string

    const asked = await call(app, 'POST', `/api/events/${eventId}/registrations/link`, {
      json: { email: `  ${attendee.email.toUpperCase()} ` },
    })
    expect(asked.status).toBe(202)
    expect(asked.body).toEqual({ success: true, message: LINK_REQUEST_ANSWER })
    const mail = await smtp.waitFor(
      (message) => recipientOf(message) === attendee.email && /registration link/.test(message.subject ?? ''),
    )
    expect(mail.text).toContain(manageUrl)
    expect(mail.text).toContain('মাহমুদা আক্তার')
    expect(mail.text).toContain('/t/')
    expect(mail.attachments.map((file) => file.filename)).not.toContain('event.ics')

    const unknown = `${unique('stranger')}@example.org`
    const strangers = await call(app, 'POST', `/api/events/${eventId}/registrations/link`, {
      json: { email: unknown },
    })
    expect(strangers.status).toBe(202)
    expect(strangers.body).toEqual(asked.body)
    expect(linkMailsTo(unknown)).toHaveLength(0)

    await call(app, 'POST', `/api/events/${eventId}/registrations/link`, { json: { email: attendee.email } })
    expect(linkMailsTo(attendee.email)).toHaveLength(1)
  })

  it('a cancelled registration gets no link; bad input is a field error; an unknown event is 404', async () => {
    const eventId = await eventWith()
    const attendee = validAttendee()
    const registered = await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: attendee })
    const token = new URL(registered.body.registration.manageUrl).pathname.split('/').at(-1)
    expect((await call(app, 'DELETE', `/api/registrations/${token}`)).status).toBe(200)
    const asked = await call(app, 'POST', `/api/events/${eventId}/registrations/link`, {
      json: { email: attendee.email },
    })
    expect(asked.status).toBe(202)
    expect(linkMailsTo(attendee.email)).toHaveLength(0)

    const bad = await call(app, 'POST', `/api/events/${eventId}/registrations/link`, {
      json: { email: 'not an email' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ email: 'Enter a valid email address' })
    const extra = await call(app, 'POST', `/api/events/${eventId}/registrations/link`, {
      json: { email: attendee.email, name: 'x' },
    })
    expect(extra.status).toBe(400)
    const missing = await call(app, 'POST', '/api/events/000000000000000000000000/registrations/link', {
      json: { email: attendee.email },
    })
    expect(missing.status).toBe(404)
  })

  it('without scripts: the event page again with the answer, or the address and its error', async () => {
    const eventId = await eventWith()
    const attendee = validAttendee()
    await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: attendee })
    const sent = await postLinkForm(eventId, attendee.email)
    expect(sent.status).toBe(200)
    expect(sent.html).toContain(LINK_REQUEST_ANSWER)
    await smtp.waitFor(
      (message) => recipientOf(message) === attendee.email && /link/.test(message.subject ?? ''),
    )

    const wrong = await postLinkForm(eventId, 'nobody@')
    expect(wrong.status).toBe(400)
    expect(wrong.html).toContain('Enter a valid email address')
    expect(wrong.html).toMatch(/id="link-request-email"[^>]*value="nobody@"/)
    expect(wrong.html).toMatch(/id="link-request-email"[^>]*aria-invalid="true"/)
  })
})

describe('the event page', () => {
  it('says In person or Online, and gives the date and time right under the title', async () => {
    const inPerson = await eventWith(
      {},
      { registrationMethod: 'Offline', startTime: '10:00', endTime: '13:00' },
    )
    // React's text separators left out: the words as a reader gets them.
    const html = (await page(`/events/${inPerson}`)).html.replaceAll('<!-- -->', '')
    expect(html).toMatch(/Format<\/dt><dd[^>]*>In person</)
    expect(html).not.toContain('>Offline<')
    expect(html).toMatch(/<\/h1><p[^>]*data-event-when[^>]*><time[^>]*>[^<]+<\/time>, 10:00-13:00<\/p>/)
    const online = await eventWith({}, { registrationMethod: 'Online' })
    expect((await page(`/events/${online}`)).html).toMatch(/Format<\/dt><dd[^>]*>Online</)
  })

  it('offers no Register Now once registration is closed or full, and Send me my link always', async () => {
    const full = await eventWith({ capacity: 1, waitlist: false })
    await call(app, 'POST', `/api/events/${full}/registrations`, { json: validAttendee() })
    const html = (await page(`/events/${full}`)).html
    expect(html).toContain('Full: registration is closed.')
    expect(html).not.toContain('Register Now')
    expect(html).toContain('Send me my link')
  })
})
