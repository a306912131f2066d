import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDateOf } from '#db/clock'
import { call, unique, validAttendee } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { createEvent, registerThroughApi, startRegistrationFixture } from '../support/registration-fixture'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import type { TestApp } from '../support/test-app'

/**
 * The ticket's QR code as the server makes it, read back as a phone's camera would: the inline PNG of the
 * confirmation mail (through a real SMTP server) and the SVG of the manage page (rasterised by sharp) are
 * decoded with jsQR, and the URL they hold is followed: it is the attendee's own ticket, valid, and it
 * checks them in at the door.
 */

const PUBLIC_URL = 'https://chapter.example.org'
let smtp: TestSmtpServer
let app: TestApp
let officer: string

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  smtp = await startSmtpServer()
  ;({ app, officer } = await startRegistrationFixture({
    app: { pages: 'production', env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL } },
    chapter: { name: 'QR Chapter', email: 'qr-chapter@example.org' },
  }))
}, 180_000)
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

/** The text of the one QR code in an image (PNG or SVG), as jsQR reads its pixels; undefined when none. */
async function decodeQr(image: Buffer | string, width?: number): Promise<string | undefined> {
  const input = typeof image === 'string' ? Buffer.from(image) : image
  const { data, info } = await sharp(input, { density: 144 })
    .resize(width ? { width } : undefined)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

/** The text of the QR code a page shows (the server's SVG, rasterised). */
async function qrOnPage(html: string): Promise<string | undefined> {
  const svg = /<div role="img" aria-label="[^"]*QR code[^"]*"[^>]*>(<svg[\s\S]*?<\/svg>)/.exec(html)?.[1]
  if (!svg) throw new Error('no QR code on the page')
  return decodeQr(svg, 600)
}

/** Follows a URL of the site (PUBLIC_URL) on the app under test. */
async function follow(url: string) {
  expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true)
  const response = await app.request(url.slice(PUBLIC_URL.length), { redirect: 'manual' })
  return { status: response.status, html: await response.text() }
}

describe("the ticket's QR code", () => {
  it('in the confirmation mail and on the manage page decodes to the ticket link, which is the valid ticket', async () => {
    const inThirtyDays = localDateOf(Date.now() + 30 * 86_400_000, app.ctx.env.TIME_ZONE)
    const eventId = (
      await createEvent(app, officer, { title: 'QR Workshop', fields: { eventDate: inThirtyDays } })
    )._id
    const email = `${unique('qr')}@example.org`
    const name = unique('Nusrat Jahan')
    const registered = await registerThroughApi(app, eventId, validAttendee({ email, name }))
    expect(registered.status).toBe(201)

    // The mail: the inline PNG, read as pixels.
    const mail = await smtp.waitFor((message) => recipientOf(message) === email)
    const png = mail.attachments.find((file) => file.cid === 'ticket-qr')
    if (!png) throw new Error('no inline QR code in the mail')
    const fromMail = await decodeQr(png.content)
    expect(fromMail).toMatch(new RegExp(`^${PUBLIC_URL}/t/[A-Za-z0-9_-]{122}$`))
    // The same link as the mail's text gives.
    expect(mail.text).toContain(fromMail)

    // The manage page (the link of the mail): its QR code is an SVG; rasterised, it reads the same.
    const manageUrl = registered.body.registration.manageUrl as string
    const manage = await follow(manageUrl)
    expect(manage.status).toBe(200)
    expect(await qrOnPage(manage.html)).toBe(fromMail)

    // Followed, the URL is this attendee's ticket, valid ...
    const ticket = await follow(fromMail ?? '')
    expect(ticket.status).toBe(200)
    expect(ticket.html).toContain('Valid: show this code at the door.')
    expect(ticket.html).toContain(name)
    // The ticket page shows the same code again.
    expect(await qrOnPage(ticket.html)).toBe(fromMail)
    // ... and what the door scans checks them in.
    const code = (fromMail ?? '').split('/t/')[1]
    const checkIn = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer,
      json: { code },
    })
    expect(checkIn.status).toBe(200)
    expect(checkIn.body.attendee).toMatchObject({ name, status: 'confirmed' })
  })
})
