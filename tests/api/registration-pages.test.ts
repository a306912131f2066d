import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDateTimeOf } from '#db/clock'
import { allRegistrationsOf } from '#db/queries/registrations.server'
import { events } from '#db/schema'
import {
  addAccount,
  call,
  signIn,
  snapshot,
  UPCOMING_DATE,
  unique,
  validAttendee,
  validEvent,
} from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { onlyEvent, parseCalendar } from '../support/ical'
import { createEvent, pageOf, startRegistrationFixture } from '../support/registration-fixture'
import { daysFromToday } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Registration on the public pages without scripts: the event page (cached, the same for everyone) with
 * its seats and form, the form answered by the server with a page, the manage page and its buttons, the
 * calendar file.
 */

let app: TestApp
let officer: string
const opened: TestApp[] = []

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  ;({ app, officer } = await startRegistrationFixture({
    app: { pages: 'production' },
    chapter: { name: 'Page Chapter', email: 'page-chapter@example.org' },
  }))
})
afterAll(async () => {
  await app.close()
  for (const other of opened) await other.close()
})

async function eventWith(registration: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  return (await createEvent(app, officer, { title: 'Page Workshop', fields, registration }))._id
}

const page = (path: string) => pageOf(app, path)

/** Posts the event page's form as a browser without scripts does. */
const postForm = (eventId: string, fields: Record<string, string>) =>
  app.request(`/events/${eventId}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

/** Posts a manage page's button (`path`: its form's action) as a browser without scripts does. */
const postButton = (path: string, body = '') =>
  app.request(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })

const formFields = (overrides: Record<string, string> = {}) => ({
  name: 'Nusrat Jahan',
  email: `${unique('nusrat')}@example.org`,
  phone: '',
  'answers.student-id': '2020-2-60-010',
  'answers.shirt': 'L',
  ...overrides,
})

describe('taking an offered seat', () => {
  it("the offer's page has one button that takes the seat; opening it changes nothing", async () => {
    // After the other tests' events (all on UPCOMING_DATE): the events list's first page stays theirs.
    const eventId = await eventWith({ capacity: 1 }, { eventDate: daysFromToday(90) })
    const seated = (await postForm(eventId, formFields())).headers.get('location')?.split('?')[0] ?? ''
    const waiting = (await postForm(eventId, formFields())).headers.get('location')?.split('?')[0] ?? ''
    const cancelled = await postButton(`${seated}/cancel`, 'confirm=on')
    expect(cancelled.status).toBe(303)
    for (let opened = 0; opened < 2; opened++) {
      const offer = await page(`${waiting}/accept`)
      expect(offer.status).toBe(200)
      expect(offer.html).toContain('<meta name="robots" content="noindex"')
      expect(offer.html).toContain('is free for you.')
      expect(offer.html.match(/<form /g)).toHaveLength(1)
      expect(offer.html).toMatch(new RegExp(`<form (?=[^>]*method="post")[^>]*action="${waiting}/accept"`))
      expect(offer.html).toContain('>Take the seat</button>')
    }
    expect((await page(waiting)).html).toContain('A seat is free for you.')
    const taken = await postButton(`${waiting}/accept`)
    expect(taken.headers.get('location')).toBe(`${waiting}?done=accepted`)
    expect((await page(`${waiting}/accept`)).html).toContain('This link no longer offers a seat.')
  })
})

describe('the event page', () => {
  it('shows the seats left and the form, kept by the front cache and fresh after each registration', async () => {
    const eventId = await eventWith()
    const first = await page(`/events/${eventId}`)
    expect(first.html).toContain('2 seats left.')
    expect(first.html).toContain(`action="/events/${eventId}/register"`)
    expect(first.html).toContain('name="answers.student-id"')
    expect(app.frontCache?.get(`/events/${eventId}`)).toBeDefined()
    await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: validAttendee() })
    expect((await page(`/events/${eventId}`)).html).toContain('1 seat left.')
    expect((await postForm(eventId, formFields())).status).toBe(303)
    const full = await page(`/events/${eventId}`)
    expect(full.html).toContain('Full: join the waiting list.')
    expect(full.html).toContain('Join the waiting list</button>')
  })

  it('before it opens: when, no form, and the cached page expires when registration opens', async () => {
    const opens = localDateTimeOf(Date.now() + 3 * 60 * 60 * 1000, 'Asia/Dhaka')
    const eventId = await eventWith({ opensAt: opens })
    const shown = await page(`/events/${eventId}`)
    expect(shown.html).toContain('Registration opens ')
    expect(shown.html).not.toContain('data-registration-form')
    const kept = app.frontCache?.get(`/events/${eventId}`)
    // A cached page also expires at the site's midnight (the dates it shows): whichever comes first.
    const midnight = Date.parse(`${daysFromToday(1)}T00:00:00+06:00`)
    expect(kept?.expiresAt).toBe(Math.min(Date.parse(`${opens}:00+06:00`), midnight))
  })

  it('an event without registration here keeps its outside link', async () => {
    const created = await call(app, 'POST', '/api/events', { token: officer, json: validEvent() })
    const shown = await page(`/events/${created.body.event._id}`)
    expect(shown.html).toContain('href="https://www.facebook.com/events/1"')
    expect(shown.html).not.toContain('id="register"')
  })
})

describe('the form without scripts', () => {
  it('bad input: the page again with the values kept and each error beside its field; nothing stored', async () => {
    const eventId = await eventWith()
    const before = snapshot(app.db)
    const response = await postForm(
      eventId,
      formFields({ email: 'not-an-email', 'answers.student-id': '', name: 'Kept Name' }),
    )
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain('value="Kept Name"')
    expect(html).toContain('value="not-an-email"')
    expect(html).toMatch(
      /id="registration-email"[^>]*aria-invalid="true"[^>]*aria-describedby="registration-email-error"/,
    )
    expect(html).toContain(
      '<p id="registration-email-error" class="mt-1.5 text-sm text-red-700">Enter a valid email address</p>',
    )
    expect(html).toContain('Student ID is required')
    expect(html).toContain('<option value="L" selected="">L</option>')
    expect(snapshot(app.db)).toEqual(before)
    // The page everyone else gets holds none of it.
    expect((await page(`/events/${eventId}`)).html).not.toContain('Kept Name')
  })

  it('a duplicate email: the page again saying so', async () => {
    const eventId = await eventWith()
    const fields = formFields()
    expect((await postForm(eventId, fields)).status).toBe(303)
    const again = await postForm(eventId, { ...fields, email: fields.email.toUpperCase() })
    expect(again.status).toBe(409)
    const html = await again.text()
    expect(html).toContain('This email address is already registered for this event.')
    expect(html).toContain(`value="${fields.email.toUpperCase()}"`)
  })

  it('registered: the manage page says so, downloads the calendar file and cancels', async () => {
    const eventId = await eventWith()
    const response = await postForm(eventId, formFields())
    expect(response.status).toBe(303)
    const location = response.headers.get('location') ?? ''
    expect(location).toMatch(/^\/registrations\/[A-Za-z0-9_-]{43}\?registered=1$/)
    const manage = await page(location)
    expect(manage.status).toBe(200)
    expect(manage.headers.get('cache-control')).toBe('private, no-store')
    expect(manage.html).toContain('Thank you: your registration is in.')
    expect(manage.html).toContain('You are registered: your seat is confirmed.')
    // Private: never indexed, and no page it links to learns its address.
    expect(manage.html).toContain('<meta name="robots" content="noindex"')
    expect(manage.headers.get('referrer-policy')).toBe('no-referrer')
    const path = location.split('?')[0]
    const ics = await app.request(`${path}/calendar.ics`)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(onlyEvent(parseCalendar(await ics.text()))).toMatchObject({
      STATUS: 'CONFIRMED',
      // 10:00 in Dhaka is 04:00 UTC.
      DTSTART: `${UPCOMING_DATE.replaceAll('-', '')}T040000Z`,
    })

    const cancel = await postButton(`${path}/cancel`, 'confirm=on')
    expect(cancel.status).toBe(303)
    expect(cancel.headers.get('location')).toBe(`${path}?done=cancelled`)
    const after = await page(`${path}?done=cancelled`)
    expect(after.html).toContain('This registration is cancelled.')
    expect(after.html).not.toContain('calendar.ics')
    expect(allRegistrationsOf(app.db, eventId)[0]?.status).toBe('cancelled')
  })

  it('once the event has started, the manage page offers no cancellation and its form changes nothing', async () => {
    const eventId = await eventWith()
    const location = (await postForm(eventId, formFields())).headers.get('location') ?? ''
    const path = location.split('?')[0] ?? ''
    expect((await page(path)).html).toContain('Cancel registration')
    // The event began an hour ago (in the site's time zone).
    const [eventDate, time] = localDateTimeOf(Date.now() - 60 * 60 * 1000, 'Asia/Dhaka').split('T')
    app.db
      .update(events)
      .set({ eventDate, startTime: time?.slice(0, 5), endTime: '23:59' })
      .where(eq(events.id, eventId))
      .run()
    const started = await page(path)
    expect(started.html).not.toContain('Cancel registration')
    const cancel = await postButton(`${path}/cancel`, 'confirm=on')
    expect(cancel.headers.get('location')).toBe(`${path}?done=started`)
    expect((await page(`${path}?done=started`)).html).toContain(
      'The event has started: the registration can no longer be cancelled.',
    )
    expect(allRegistrationsOf(app.db, eventId)[0]?.status).toBe('confirmed')
  })

  it('a fee: the payment instructions beside the form, a required transaction ID, only the methods offered', async () => {
    const eventId = await eventWith(
      {
        paymentMethods: ['nagad', 'rocket'],
        paymentInstructions: 'Nagad 01800-000000 (personal).\nReference: your name.',
      },
      { fees: 150 },
    )
    const { html } = await page(`/events/${eventId}`)
    expect(html).toContain('How to pay')
    expect(html).toContain('Nagad 01800-000000 (personal).\nReference: your name.')
    expect(html).toMatch(/Transaction ID<\/label>/)
    expect(/<input[^>]*name="transactionId"[^>]*>/.exec(html)?.[0]).toContain('required=""')
    expect(html).toContain('From your Nagad or Rocket receipt.')
    expect(html).not.toContain('bKash')
    // Paying at the door too: the ID is required unless they pay there.
    const withDoor = await eventWith({ paymentMethods: ['bkash', 'door'] }, { fees: 150 })
    // React marks where one text ends and the next begins.
    const doorPage = (await page(`/events/${withDoor}`)).html.replaceAll('<!-- -->', '')
    expect(doorPage).toContain('(required unless you pay at the door)')
    expect(doorPage).not.toContain('How to pay')
  })

  it('an event without a banner shows a cover made from its title on its page and its card', async () => {
    // Tomorrow: before the other tests' events, so its card is on the first page of /events.
    const eventId = await eventWith(
      {},
      { title: 'Cover & Rust <basics>', banner: '', eventLink: '', eventDate: daysFromToday(1) },
    )
    const cover = `/events/${eventId}/cover.svg`
    expect((await page(`/events/${eventId}`)).html).toContain(`src="${cover}"`)
    expect((await page('/events')).html).toContain(`src="${cover}"`)
    const svg = await app.request(cover)
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await svg.text()).toContain('Cover &amp; Rust &lt;basics&gt;')
    expect((await app.request('/events/0123456789abcdef01234567/cover.svg')).status).toBe(404)
  })

  it('a link that names nothing: a page that says so', async () => {
    const shown = await page(`/registrations/${'B'.repeat(43)}`)
    expect(shown.html).toContain('This link is not valid')
    expect((await app.request(`/registrations/${'B'.repeat(43)}/calendar.ics`)).status).toBe(404)
  })

  it('over the limit of 20 a minute from one address: the page again, values kept, 429', async () => {
    // A server of its own: the other tests' registrations count against the same address.
    const shared = app
    app = await startTestApp({ pages: 'production' })
    await addAccount(app.db, { name: 'Limit Chapter', email: 'limit-chapter@example.org' })
    officer = (await signIn(app, 'limit-chapter@example.org')).token
    opened.push(app)
    const eventId = await eventWith({ capacity: null })
    for (let i = 0; i < 20; i++) expect((await postForm(eventId, formFields())).status).toBe(303)
    const limited = await postForm(eventId, formFields({ name: 'Patient Person' }))
    expect(limited.status).toBe(429)
    const html = await limited.text()
    expect(html).toMatch(/Too many registrations from this address\. Try again in \d+ seconds?\./)
    expect(html).toContain('value="Patient Person"')
    // The API counts with the form.
    expect(
      (await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: validAttendee() })).status,
    ).toBe(429)
    app = shared
  })
})
