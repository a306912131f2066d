import { inflateSync } from 'node:zlib'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitTicketCode, TICKET_CODE_LENGTH } from '#components/shared/ticket-code'
import { loadTicketKeys } from '#server/auth/ticket-key.server'
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
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Tickets in mail, through the outbox to a real SMTP server on loopback: the confirmation carries the
 * ticket's link and its QR code as an inline PNG; a re-issued ticket comes in a mail of its own, and the
 * old code is refused at the door.
 */

let smtp: TestSmtpServer
let app: TestApp
let chapter: Account
let officer: string
const now = Date.parse('2026-11-20T06:00:00Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await startTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://chapter.example.org' },
    registrations: { now: () => now },
    outbox: { now: () => now },
    clock: () => now,
  })
  chapter = await addAccount(app.db, { name: 'Ticket Chapter', email: 'ticket-chapter@example.org' })
  officer = (await signIn(app, chapter.email)).token
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address
const mailTo = (address: string, subject: string) =>
  smtp.waitFor((mail) => to(mail) === address && (mail.subject ?? '').startsWith(subject))

const TICKET_LINK = /https:\/\/chapter\.example\.org\/t\/([A-Za-z0-9_-]+)/

/** The PNG's width and height, after checking it is one (signature, IHDR, an IDAT that inflates). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  const idat = bytes.indexOf('IDAT', 0, 'latin1')
  const length = bytes.readUInt32BE(idat - 4)
  const rows = inflateSync(bytes.subarray(idat + 4, idat + 4 + length))
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  expect(rows.length).toBe((width + 1) * height)
  // Dark modules and light ones: a code, not a blank square.
  expect(rows.includes(0x00)).toBe(true)
  expect(rows.includes(0xff)).toBe(true)
  return { width, height }
}

describe('the confirmation mail', () => {
  it('has the ticket link and its QR code inline (a PNG the HTML names by cid)', async () => {
    const created = await call(app, 'POST', '/api/events', {
      token: officer,
      json: {
        ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE, title: unique('Ticketed') }),
        registration: validRegistrationSettings(),
      },
    })
    const eventId = created.body.event._id as string
    const email = `${unique('ticket')}@example.org`
    expect(
      (await call(app, 'POST', `/api/events/${eventId}/registrations`, { json: validAttendee({ email }) }))
        .status,
    ).toBe(201)
    const mail = await mailTo(email, "You're registered")
    const code = TICKET_LINK.exec(mail.text ?? '')?.[1] ?? ''
    expect(code).toHaveLength(TICKET_CODE_LENGTH)
    const claims = loadTicketKeys(app.ctx.env).verify(code)
    expect(claims).toMatchObject({ eventId, ticketVersion: 1 })
    const qr = mail.attachments.find((file) => file.contentType === 'image/png')
    expect(qr?.cid).toBe('ticket-qr')
    expect(qr?.contentDisposition).toBe('inline')
    // mailparser puts the image the HTML names by `cid:ticket-qr` in place, as a mail program shows it.
    expect(mail.html).toContain(`src="data:image/png;base64,${qr?.content.toString('base64')}"`)
    expect(mail.html).toContain(`https://chapter.example.org/t/${code}`)
    const { width, height } = pngSize(qr?.content ?? Buffer.alloc(0))
    expect(width).toBe(height)
    expect(width).toBeGreaterThanOrEqual(200)
    // The calendar file is still there.
    expect(mail.attachments.some((file) => file.contentType === 'text/calendar')).toBe(true)

    // Re-issued: a new mail with version 2; the first code is refused as replaced.
    const registrationId = claims?.registrationId ?? ''
    const reissued = await call(
      app,
      'POST',
      `/api/events/${eventId}/registrations/${registrationId}/ticket`,
      {
        token: officer,
      },
    )
    expect(reissued.status).toBe(200)
    expect(reissued.body.registration.ticketVersion).toBe(2)
    const second = await mailTo(email, 'Your new ticket')
    const newCode = TICKET_LINK.exec(second.text ?? '')?.[1] ?? ''
    expect(splitTicketCode(newCode)?.claims.ticketVersion).toBe(2)
    expect(second.attachments.find((file) => file.cid === 'ticket-qr')).toBeTruthy()
    const old = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer,
      json: { code },
    })
    expect(old.status).toBe(410)
    expect(old.body.message).toBe('Replaced by a newer ticket')
    const current = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer,
      json: { code: newCode },
    })
    expect(current.status).toBe(200)

    // A new name is a new ticket too.
    const renamed = await call(app, 'PATCH', `/api/events/${eventId}/registrations/${registrationId}`, {
      token: officer,
      json: { name: 'Karim Renamed' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.registration).toMatchObject({ name: 'Karim Renamed', ticketVersion: 3 })
    const third = await smtp.waitFor(
      (message) => to(message) === email && (message.text ?? '').includes('Hello Karim Renamed'),
    )
    expect(splitTicketCode(TICKET_LINK.exec(third.text ?? '')?.[1] ?? '')?.claims.ticketVersion).toBe(3)
  })
})
