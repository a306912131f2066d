import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDateOf } from '#db/clock'
import { findCertificateOfRegistration } from '#db/queries/certificates.server'
import { groupedSerial } from '#db/validation'
import {
  type Account,
  addAccount,
  call,
  postManageForm,
  type Session,
  signIn,
  unique,
  validAttendee,
} from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { createEvent, manageTokenOf, registerThroughApi } from '../support/registration-fixture'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The door to the certificate through the app only, nothing written into the database by the test:
 * attendees register, one is checked in by the check-in API, one cancels through the cancel route, the
 * event ends (the app's clock moves on), the meeting report counts them, certificates go to whoever was
 * checked in, and one is revoked and issued again (valid again, the same serial). And the console's
 * server-rendered pages of the event (attendees, report, check-in) are the 403 page for another chapter's
 * officer.
 */

const PUBLIC_URL = 'https://chapter.example.org'
const DAY = 24 * 60 * 60 * 1000
let smtp: TestSmtpServer
let app: TestApp
/** The app's clock (sessions, check-ins, reports, registration): the real one, moved on by the tests. */
let now = Date.now()
let chapter: Account
let officer: Session
let otherOfficer: Session
let admin: Session

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  smtp = await startSmtpServer()
  app = await startTestApp({
    pages: 'production',
    env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL },
    clock: () => now,
    registrations: { now: () => now },
  })
  chapter = await addAccount(app.db, { name: 'Door Cert Chapter', email: 'door-cert@example.org' })
  await addAccount(app.db, { name: 'Door Cert Other', email: 'door-cert-other@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Door Cert Admin', email: 'door-cert-admin@example.org' })
  await signInAll()
}, 300_000)
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

async function signInAll() {
  officer = await signIn(app, chapter.email)
  otherOfficer = await signIn(app, 'door-cert-other@example.org')
  admin = await signIn(app, 'door-cert-admin@example.org')
}

/** An event of the chapter tomorrow (by the app's clock), registration on this site; its id. */
async function tomorrowsEvent(): Promise<string> {
  const created = await createEvent(app, officer.token, {
    title: 'Door to Certificate',
    fields: { eventDate: localDateOf(now + DAY, app.ctx.env.TIME_ZONE) },
    registration: { capacity: null },
  })
  return created._id
}

/** A registration through the API, as the event page makes one; its id and manage token. */
async function register(eventId: string, name: string) {
  const email = `${unique('door-cert')}@example.org`
  const answer = await registerThroughApi(app, eventId, validAttendee({ name, email }))
  expect(answer.status).toBe(201)
  const list = await call(app, 'GET', `/api/events/${eventId}/registrations?q=${encodeURIComponent(email)}`, {
    token: officer.token,
  })
  return {
    id: list.body.registrations[0]._id as string,
    email,
    token: manageTokenOf(answer.body.registration.manageUrl),
  }
}

describe('from the door to the certificate, through the app', () => {
  it('check-in → report → certificate; revoked, then issued again under the same serial', async () => {
    const eventId = await tomorrowsEvent()
    const came = await register(eventId, 'Came In')
    const stayedAway = await register(eventId, 'Stayed Away')
    const cancelled = await register(eventId, 'Cancelled Person')
    // The attendee cancels through the manage page's form.
    const cancel = await postManageForm(app, cancelled.token, 'cancel')
    expect(cancel.status).toBe(303)

    // The event's day: the door checks one person in (from the search, by registration id).
    now += DAY
    await signInAll()
    const checkIn = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer.token,
      json: { registrationId: came.id },
    })
    expect(checkIn.status).toBe(200)
    expect(checkIn.body.attendee).toMatchObject({ id: came.id, name: 'Came In' })
    const refused = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer.token,
      json: { registrationId: cancelled.id },
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)

    // After the event: the report counts what the door did.
    now += DAY
    await signInAll()
    const report = await call(app, 'GET', `/api/events/${eventId}/report`, { token: officer.token })
    expect(report.status).toBe(200)
    expect(report.body.report).toMatchObject({
      ended: true,
      figures: { registered: 2, confirmed: 2, checkedIn: 1, noShows: 1 },
    })

    // Certificates to everyone checked in: the one person who came.
    const templates = await call(app, 'GET', '/api/certificate-templates', { token: officer.token })
    const templateId = templates.body.templates.find(
      (t: { chapterId: string | null }) => t.chapterId === null,
    )._id
    const issued = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer.token,
      json: { templateId, role: 'participant' },
    })
    expect(issued.status).toBe(202)
    expect(issued.body.queued).toBe(1)
    await app.certificates.idle()
    expect(findCertificateOfRegistration(app.db, stayedAway.id)).toBeUndefined()
    const certificate = findCertificateOfRegistration(app.db, came.id)
    const serial = groupedSerial(certificate?.serial ?? '')
    const mail = await smtp.waitFor(
      (message) =>
        recipientOf(message) === came.email && (message.subject ?? '').startsWith('Your certificate'),
    )
    expect(mail.text).toContain(`${PUBLIC_URL}/certificates/${serial}`)

    // Revoked: the verification page and the API say so.
    const revoked = await call(app, 'DELETE', `/api/certificates/${serial}`, { token: officer.token })
    expect(revoked.status).toBe(200)
    expect(await (await app.request(`/certificates/${serial}`)).text()).toContain(
      'This certificate has been revoked',
    )
    expect((await call(app, 'GET', `/api/certificates/${serial}`)).body.certificate.status).toBe('revoked')

    // Issued again: valid again, under the same serial, on the page and in the API.
    const again = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer.token,
      json: { templateId, role: 'participant', registrationIds: [came.id] },
    })
    expect(again.status).toBe(202)
    await app.certificates.idle()
    expect(findCertificateOfRegistration(app.db, came.id)?.serial).toBe(certificate?.serial)
    expect((await call(app, 'GET', `/api/certificates/${serial}`)).body.certificate.status).toBe('valid')
    const page = await (await app.request(`/certificates/${serial}`)).text()
    expect(page).toContain('This certificate is valid.')
    expect(page).not.toContain('revoked')
    const listed = await call(app, 'GET', `/api/events/${eventId}/certificates`, { token: officer.token })
    expect(listed.body.certificates).toEqual([
      expect.objectContaining({ registrationId: came.id, status: 'valid', revokedAt: null }),
    ])
  })
})

describe("the console's pages of an event", () => {
  it("attendees, report and check-in: the 403 page for another chapter's officer", async () => {
    const eventId = await tomorrowsEvent()
    for (const page of ['attendees', 'report', 'check-in']) {
      const path = `/dashboard/events/${eventId}/${page}`
      const as = async (session: Session) => {
        const response = await app.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' })
        return { status: response.status, html: await response.text() }
      }
      const other = await as(otherOfficer)
      expect(other.status, `${path} for another chapter's officer`).toBe(403)
      // Nothing of the event is on it.
      expect(other.html).not.toContain('Door to Certificate')
      expect((await as(officer)).status, `${path} for the event's officer`).toBe(200)
      expect((await as(admin)).status, `${path} for an administrator`).toBe(200)
    }
  })
})
