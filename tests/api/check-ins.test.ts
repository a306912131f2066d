import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { joinTicketCode, splitTicketCode, ticketPayload } from '#components/shared/ticket-code'
import { localDateOf, localToInstant } from '#db/clock'
import { findRegistration } from '#db/queries/registrations.server'
import { activity, checkInScans } from '#db/schema'
import { loadTicketKeys, TICKET_KEY_FILE } from '#server/auth/ticket-key.server'
import {
  type Account,
  type Auth,
  addAccount,
  call,
  FIXED_CLOCK_EVENT_DATE,
  setCookies,
  signIn,
  unique,
  validAttendee,
  validEvent,
  validRegistrationSettings,
} from '../support/api'
import { createEvent, registerThroughApi, startRegistrationFixture } from '../support/registration-fixture'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/** The door through the API (docs/product.md#at-the-door): tickets, check-ins, door links, their lifetimes. */

let app: TestApp
let chapter: Account
let officer: string
let otherOfficer: string
let admin: string
/** The clock of sessions, check-ins and door links: moved by the tests, never the wall clock. */
let now = Date.parse('2026-12-01T03:00:00Z')
let keys: ReturnType<typeof loadTicketKeys>

beforeAll(async () => {
  const fixture = await startRegistrationFixture({
    app: {
      env: { RATE_LIMIT_SCALE: '100', TIME_ZONE: 'Asia/Dhaka' },
      clock: () => now,
      registrations: { now: () => now },
    },
    chapter: { name: 'Door Chapter', email: 'door-chapter@example.org' },
    others: [
      { name: 'Other Door Chapter', email: 'door-other@example.org' },
      { role: 'admin', name: 'Door Admin', email: 'door-admin@example.org' },
    ],
  })
  ;({ app, chapter, officer } = fixture)
  otherOfficer = fixture.others[0].token
  admin = fixture.others[1].token
  keys = loadTicketKeys(app.ctx.env)
})
afterAll(() => app.close())
beforeEach(() => {
  now = Date.parse('2026-12-01T03:00:00Z')
})

/** An event of the chapter on 1 December 2026 (Dhaka), with registration for `capacity`. */
async function event(capacity = 10, fields: Record<string, unknown> = {}) {
  const created = await createEvent(app, officer, {
    title: 'Door',
    fields: { eventDate: FIXED_CLOCK_EVENT_DATE, ...fields },
    registration: { capacity },
  })
  return created._id
}

/** A registration of the event, confirmed unless the event is full; its id. */
async function register(eventId: string, name = 'Rahim Uddin'): Promise<string> {
  const answer = await registerThroughApi(app, eventId, validAttendee({ name }))
  expect(answer.status).toBe(201)
  const list = await call(app, 'GET', `/api/events/${eventId}/registrations?q=${encodeURIComponent(name)}`, {
    token: officer,
  })
  return list.body.registrations.at(-1)._id as string
}

const codeOf = (eventId: string, registrationId: string, ticketVersion = 1) =>
  keys.sign({ eventId, registrationId, ticketVersion })

const checkIn = (eventId: string, json: Record<string, unknown>, auth: Auth) =>
  call(app, 'POST', `/api/events/${eventId}/check-ins`, { ...auth, json })

/** A door link of the event and the cookie its PIN gives (of `target`, the test's app unless said). */
async function doorCookie(eventId: string, label = 'North door', target = app, token = officer) {
  const created = await call(target, 'POST', `/api/events/${eventId}/door-links`, {
    token,
    json: { label },
  })
  expect(created.status).toBe(201)
  const { url, pin, id } = created.body.doorLink
  const path = new URL(url).pathname
  const opened = await target.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `pin=${pin}`,
    redirect: 'manual',
  })
  expect(opened.status).toBe(303)
  expect(opened.headers.get('location')).toBe(`/dashboard/events/${eventId}/check-in`)
  const cookie = Object.values(setCookies(opened.headers))
    .map((line) => line.slice(0, line.indexOf(';')))
    .join('; ')
  // A write with a cookie names the site it comes from, as a browser's does.
  return {
    cookie,
    origin: target.url,
    id: id as string,
    path,
    pin: pin as string,
    setCookie: opened.headers.getSetCookie(),
  }
}

describe('tickets', () => {
  it('are verified with the event’s own key: a changed byte, another event’s key, a forgery are refused', async () => {
    const eventId = await event()
    const other = await event()
    const registrationId = await register(eventId)
    const code = codeOf(eventId, registrationId)
    expect(keys.verify(code)).toEqual({ eventId, registrationId, ticketVersion: 1 })
    // Every byte of the signature and the payload matters.
    const split = splitTicketCode(code)
    if (!split) throw new Error('not a code')
    const flipped = split.signature.slice()
    flipped[10] = (flipped[10] ?? 0) ^ 1
    expect(keys.verify(joinTicketCode(split.payload, flipped))).toBeNull()
    const otherVersion = ticketPayload({ eventId, registrationId, ticketVersion: 2 })
    expect(keys.verify(joinTicketCode(otherVersion, split.signature))).toBeNull()
    // The claims of this event signed with the other event's key.
    const otherKeySignature = splitTicketCode(codeOf(other, registrationId))?.signature ?? new Uint8Array()
    const forged = joinTicketCode(split.payload, otherKeySignature)
    expect(keys.verify(forged)).toBeNull()
    for (const bad of [forged, joinTicketCode(split.payload, flipped), 'garbage', `${code}A`]) {
      const answer = await checkIn(eventId, { code: bad }, { token: officer })
      expect(answer.status, bad).toBe(400)
      expect(answer.body).toEqual({ success: false, message: 'Not a valid ticket' })
    }
    const wrongEvent = await checkIn(other, { code }, { token: officer })
    expect(wrongEvent.status).toBe(404)
    expect(wrongEvent.body.message).toBe('Not a ticket for this event')
  })

  it('the master secret is made once into DATA_DIR and gives the same keys again', async () => {
    const fs = await import('node:fs')
    const path = await import('node:path')
    const file = path.join(app.ctx.env.dataDir, TICKET_KEY_FILE)
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
    const again = loadTicketKeys(app.ctx.env)
    expect(again.publicKeyOf('0123456789abcdef01234567')).toBe(keys.publicKeyOf('0123456789abcdef01234567'))
    expect(keys.publicKeyOf('0123456789abcdef01234567')).not.toBe(
      keys.publicKeyOf('0123456789abcdef01234568'),
    )
  })
})

describe('check-ins', () => {
  it('checks a confirmed attendee in once; the second scan is 409 with who and when', async () => {
    const eventId = await event()
    const registrationId = await register(eventId, 'Karim Ahmed')
    const code = codeOf(eventId, registrationId)
    const first = await checkIn(eventId, { code: `https://example.org/t/${code}` }, { token: officer })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      success: true,
      attendee: { id: registrationId, name: 'Karim Ahmed', status: 'confirmed' },
      checkedInAt: new Date(now).toISOString(),
      by: 'Door Chapter',
    })
    const second = await checkIn(eventId, { code }, { token: admin })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({
      success: false,
      message: 'Already checked in',
      details: {
        attendee: { id: registrationId },
        checkedInAt: new Date(now).toISOString(),
        by: 'Door Chapter',
      },
    })
    const row = findRegistration(app.db, eventId, registrationId)
    expect(row?.checkedInBy).toBe('Door Chapter')
  })

  it('answers a retried scan id again and never checks in twice', async () => {
    const eventId = await event()
    const registrationId = await register(eventId)
    const scanId = randomUUID()
    const first = await checkIn(eventId, { registrationId, scanId }, { token: officer })
    const retry = await checkIn(eventId, { registrationId, scanId }, { token: officer })
    expect(first.status).toBe(200)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    const summary = await call(app, 'GET', `/api/events/${eventId}/check-ins/summary`, { token: officer })
    expect(summary.body).toEqual({ success: true, checkedIn: 1, confirmed: 1, conflicts: 0 })
  })

  it('refuses a cancelled registration (410), an old ticket version (410) and a waiting one (409, not confirmed)', async () => {
    const eventId = await event(1)
    const kept = await register(eventId, 'Kept Seat')
    const waiting = await register(eventId, 'Waiting Person')
    const cancelled = await register(eventId, 'Gone Person')
    await call(app, 'PATCH', `/api/events/${eventId}/registrations/${cancelled}`, {
      token: officer,
      json: { status: 'cancelled' },
    })
    const gone = await checkIn(eventId, { code: codeOf(eventId, cancelled) }, { token: officer })
    expect(gone.status).toBe(410)
    expect(gone.body).toMatchObject({
      success: false,
      message: 'Cancelled',
      details: { attendee: { id: cancelled } },
    })
    const old = await checkIn(eventId, { code: codeOf(eventId, kept, 2) }, { token: officer })
    expect(old.status).toBe(410)
    expect(old.body.message).toBe('Replaced by a newer ticket')
    const notYet = await checkIn(eventId, { code: codeOf(eventId, waiting) }, { token: officer })
    expect(notYet.status).toBe(409)
    expect(notYet.body).toEqual({
      success: false,
      message: 'Not confirmed',
      details: { attendee: { id: waiting, name: 'Waiting Person', status: 'waitlisted' } },
    })
    const roster = await call(app, 'GET', `/api/events/${eventId}/check-ins/roster`, { token: officer })
    expect(roster.body.revoked).toEqual([cancelled])
    expect(roster.body.attendees.map((row: { id: string }) => row.id)).toEqual([kept])
  })

  it('a cancelled ticket names the person and the registration they hold now, on the answer and the roster', async () => {
    const eventId = await event(1)
    const email = `${unique('again')}@example.org`
    const first = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee({ name: 'Farhana Akter', email }),
    })
    expect(first.status).toBe(201)
    const [old] = (
      await call(app, 'GET', `/api/events/${eventId}/registrations?q=Farhana`, { token: officer })
    ).body.registrations.map((row: { _id: string }) => row._id)
    await call(app, 'PATCH', `/api/events/${eventId}/registrations/${old}`, {
      token: officer,
      json: { status: 'cancelled' },
    })
    const alone = await checkIn(eventId, { code: codeOf(eventId, old) }, { token: officer })
    expect(alone.status).toBe(410)
    expect(alone.body).toMatchObject({
      success: false,
      message: 'Cancelled',
      details: { attendee: { id: old, name: 'Farhana Akter', status: 'cancelled' }, otherRegistration: null },
    })
    // She registers again with the same address and holds the seat.
    expect(
      (
        await call(app, 'POST', `/api/events/${eventId}/registrations`, {
          json: validAttendee({ name: 'Farhana Akter', email }),
        })
      ).status,
    ).toBe(201)
    const again = (
      await call(app, 'GET', `/api/events/${eventId}/registrations?q=Farhana`, { token: officer })
    ).body.registrations.find((row: { _id: string }) => row._id !== old)._id as string
    const answer = await checkIn(eventId, { code: codeOf(eventId, old) }, { token: officer })
    expect(answer.status).toBe(410)
    expect(answer.body).toMatchObject({
      message: 'Cancelled',
      details: {
        attendee: { id: old, name: 'Farhana Akter' },
        otherRegistration: { id: again, name: 'Farhana Akter', status: 'confirmed', checkedInAt: null },
      },
    })
    const roster = await call(app, 'GET', `/api/events/${eventId}/check-ins/roster`, { token: officer })
    expect(roster.body.cancelled).toEqual([
      {
        id: old,
        name: 'Farhana Akter',
        otherRegistration: {
          id: again,
          name: 'Farhana Akter',
          status: 'confirmed',
          checkedInAt: null,
          checkedInBy: null,
        },
      },
    ])
    // Checked in on the new one, the old ticket says so.
    expect((await checkIn(eventId, { registrationId: again }, { token: officer })).status).toBe(200)
    const later = await checkIn(eventId, { code: codeOf(eventId, old) }, { token: officer })
    expect(later.body.details.otherRegistration).toMatchObject({ id: again, checkedInBy: 'Door Chapter' })
    expect(typeof later.body.details.otherRegistration.checkedInAt).toBe('string')
  })

  it('undoes a check-in', async () => {
    const eventId = await event()
    const registrationId = await register(eventId)
    await checkIn(eventId, { registrationId }, { token: officer })
    const undo = await call(app, 'DELETE', `/api/events/${eventId}/check-ins/${registrationId}`, {
      token: officer,
    })
    expect(undo.status).toBe(200)
    expect(undo.body).toMatchObject({ success: true, attendee: { id: registrationId } })
    expect(findRegistration(app.db, eventId, registrationId)?.checkedInAt).toBeNull()
    expect((await checkIn(eventId, { registrationId }, { token: officer })).status).toBe(200)
  })

  it('an undo is recorded with who made it, by the event officers and administrators only', async () => {
    const eventId = await event()
    const registrationId = await register(eventId, 'Undone Person')
    await checkIn(eventId, { registrationId }, { token: officer })
    const path = `/api/events/${eventId}/check-ins/${registrationId}`
    expect((await call(app, 'DELETE', path, { token: otherOfficer })).status).toBe(403)
    expect(findRegistration(app.db, eventId, registrationId)?.checkedInAt).not.toBeNull()
    expect((await call(app, 'DELETE', path, { token: admin })).status).toBe(200)
    const undone = app.db
      .select()
      .from(checkInScans)
      .where(and(eq(checkInScans.registrationId, registrationId), eq(checkInScans.outcome, 'undone')))
      .all()
    expect(undone.map((scan) => scan.principalName)).toEqual(['Door Admin'])
  })

  it('records a ticket let in at two doors while offline as a conflict', async () => {
    const eventId = await event()
    const registrationId = await register(eventId)
    const north = await doorCookie(eventId, 'North door')
    const south = await doorCookie(eventId, 'South door')
    const scannedNorth = new Date(now - 5 * 60_000).toISOString()
    const scannedSouth = new Date(now - 4 * 60_000).toISOString()
    const code = codeOf(eventId, registrationId)
    const first = await checkIn(eventId, { code, scanId: randomUUID(), scannedAt: scannedNorth }, north)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ checkedInAt: scannedNorth, by: 'North door' })
    const second = await checkIn(eventId, { code, scanId: randomUUID(), scannedAt: scannedSouth }, south)
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({
      message: 'Already checked in',
      details: { by: 'North door', conflict: true },
    })
    // Scanned again online at the same door later: only "already in".
    const later = await checkIn(eventId, { code, scanId: randomUUID() }, south)
    expect(later.body.details.conflict).toBeUndefined()
    const summary = await call(app, 'GET', `/api/events/${eventId}/check-ins/summary`, north)
    expect(summary.body).toEqual({ success: true, checkedIn: 1, confirmed: 1, conflicts: 1 })
  })

  it('lists the conflicts and filters checked in on the Attendees list; the CSV says when and by whom', async () => {
    const eventId = await event()
    const inside = await register(eventId, 'Inside Person')
    await register(eventId, 'Outside Person')
    const north = await doorCookie(eventId, 'North door')
    const south = await doorCookie(eventId, 'South door')
    const code = codeOf(eventId, inside)
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
    await checkIn(eventId, { code, scanId: randomUUID(), scannedAt: at(5) }, north)
    await checkIn(eventId, { code, scanId: randomUUID(), scannedAt: at(4) }, south)
    const list = await call(app, 'GET', `/api/events/${eventId}/registrations?checkedIn=yes`, {
      token: officer,
    })
    expect(list.body.registrations.map((row: { name: string }) => row.name)).toEqual(['Inside Person'])
    expect(list.body.registrations[0]).toMatchObject({ checkedInAt: at(5), checkedInBy: 'North door' })
    expect(list.body.conflicts).toEqual([
      { registrationId: inside, name: 'Inside Person', by: 'South door', scannedAt: at(4) },
    ])
    const notYet = await call(app, 'GET', `/api/events/${eventId}/registrations?checkedIn=no`, {
      token: officer,
    })
    expect(notYet.body.registrations.map((row: { name: string }) => row.name)).toEqual(['Outside Person'])
    const csv = await app.request(`/api/events/${eventId}/registrations/export?checkedIn=yes`, {
      headers: { authorization: `Bearer ${officer}` },
    })
    const text = await csv.text()
    expect(text).toContain('"Checked in","Checked in by"')
    // In the site's zone, to the minute.
    expect(text).toContain(`"${siteClock.dateTimeOf(Date.parse(at(5))).replace('T', ' ')}","North door"`)
    expect(text).not.toContain('Outside Person')
  })

  it('a queued scan older than the offline window, or from the future, counts as made on arrival', async () => {
    const eventId = await event()
    const old = await register(eventId, 'Old Scan')
    const future = await register(eventId, 'Future Scan')
    const stale = await checkIn(
      eventId,
      { registrationId: old, scannedAt: new Date(now - 13 * 60 * 60_000).toISOString() },
      { token: officer },
    )
    expect(stale.body.checkedInAt).toBe(new Date(now).toISOString())
    const ahead = await checkIn(
      eventId,
      { registrationId: future, scannedAt: new Date(now + 60_000).toISOString() },
      { token: officer },
    )
    expect(ahead.body.checkedInAt).toBe(new Date(now).toISOString())
  })

  it('bad bodies are field errors', async () => {
    const eventId = await event()
    for (const json of [
      {},
      { code: 'x', registrationId: '0123456789abcdef01234567' },
      { code: 1 },
      { code: 'x', scanId: 'no' },
      { code: 'x', scannedAt: 'yesterday' },
      { code: 'x', extra: 1 },
    ]) {
      const answer = await checkIn(eventId, json, { token: officer })
      expect(answer.status, JSON.stringify(json)).toBe(400)
      expect(answer.body.success).toBe(false)
    }
    const search = await call(app, 'GET', `/api/events/${eventId}/check-ins/search`, { token: officer })
    expect(search.status).toBe(400)
  })
})

describe('door links', () => {
  it('lets the volunteer do the door of that event only, names them on check-ins, hides contacts', async () => {
    const eventId = await event()
    const other = await event()
    const registrationId = await register(eventId, 'Door Search Person')
    const door = await doorCookie(eventId, 'Gate 2')
    expect(door.setCookie.every((line) => /HttpOnly/i.test(line) && /SameSite=Strict/i.test(line))).toBe(true)
    const roster = await call(app, 'GET', `/api/events/${eventId}/check-ins/roster`, door)
    expect(roster.status).toBe(200)
    // The key the door phone is given verifies this event's tickets, as its Web Crypto does, and no other's.
    const doorKey = await crypto.subtle.importKey(
      'raw',
      Buffer.from(roster.body.publicKey, 'base64url'),
      { name: 'Ed25519' },
      false,
      ['verify'],
    )
    const verifies = async (code: string) => {
      const split = splitTicketCode(code)
      if (!split) return false
      return crypto.subtle.verify(
        { name: 'Ed25519' },
        doorKey,
        new Uint8Array(split.signature),
        new Uint8Array(split.payload),
      )
    }
    expect(await verifies(codeOf(eventId, registrationId))).toBe(true)
    expect(await verifies(codeOf(other, registrationId))).toBe(false)
    expect(roster.body.expiresAt).toBe('2026-12-01T18:00:00.000Z')
    expect(JSON.stringify(roster.body)).not.toContain('@example.org')
    const search = await call(app, 'GET', `/api/events/${eventId}/check-ins/search?q=door%20search`, door)
    expect(search.body.attendees).toEqual([
      {
        id: registrationId,
        name: 'Door Search Person',
        status: 'confirmed',
        checkedInAt: null,
        checkedInBy: null,
      },
    ])
    const scan = await checkIn(eventId, { code: codeOf(eventId, registrationId) }, door)
    expect(scan.body.by).toBe('Gate 2')
    // Nothing else: not another event, not the attendees list, not door links.
    expect((await call(app, 'GET', `/api/events/${other}/check-ins/roster`, door)).status).toBe(403)
    expect((await call(app, 'GET', `/api/events/${eventId}/registrations`, door)).status).toBe(401)
    expect((await call(app, 'GET', `/api/events/${eventId}/door-links`, door)).status).toBe(401)
  })

  it('searches the roster only, by name, or by a whole email or phone: no number recovered digit by digit', async () => {
    const eventId = await event(1)
    const phone = '+8801711111111'
    const email = `${unique('seat')}@example.org`
    const seated = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee({ name: 'Seated Person', email, phone }),
    })
    expect(seated.body.registration.status).toBe('confirmed')
    const waiting = await call(app, 'POST', `/api/events/${eventId}/registrations`, {
      json: validAttendee({ name: 'Waiting Person', phone: '+8801722222222' }),
    })
    expect(waiting.body.registration.status).toBe('waitlisted')
    const door = await doorCookie(eventId, 'Search door')
    const names = async (q: string) => {
      const answer = await call(
        app,
        'GET',
        `/api/events/${eventId}/check-ins/search?q=${encodeURIComponent(q)}`,
        door,
      )
      expect(answer.status).toBe(200)
      return (answer.body.attendees as Array<{ name: string }>).map((attendee) => attendee.name)
    }
    // The attack: a prefix grown one digit at a time while the search still finds someone.
    let recovered = '+880'
    let requests = 0
    for (let grown = true; grown && recovered.length < phone.length; ) {
      grown = false
      for (const next of '0123456789') {
        requests++
        if ((await names(`${recovered}${next}`)).length > 0) {
          recovered += next
          grown = true
          break
        }
      }
    }
    expect(requests).toBeLessThanOrEqual(100)
    expect(recovered).toBe('+880')
    expect(await names('1711')).toEqual([])
    expect(await names(email.slice(0, 6))).toEqual([])
    // The whole value, as typed or normalised, finds the attendee; the name too.
    expect(await names(phone)).toEqual(['Seated Person'])
    expect(await names('01711-111111')).toEqual(['Seated Person'])
    expect(await names(email.toUpperCase())).toEqual(['Seated Person'])
    expect(await names('seated')).toEqual(['Seated Person'])
    // Not on the roster: not found at a door link, by name or by number; officers still find them.
    expect(await names('Waiting')).toEqual([])
    expect(await names('+8801722222222')).toEqual([])
    const officers = await call(app, 'GET', `/api/events/${eventId}/check-ins/search?q=1722`, {
      token: officer,
    })
    expect(officers.body.attendees.map((attendee: { name: string }) => attendee.name)).toEqual([
      'Waiting Person',
    ])
  })

  it('lists links without tokens or PINs; revoking ends the access at once', async () => {
    const eventId = await event()
    const door = await doorCookie(eventId)
    const list = await call(app, 'GET', `/api/events/${eventId}/door-links`, { token: officer })
    expect(list.body.doorLinks).toHaveLength(1)
    expect(list.body.doorLinks[0]).toMatchObject({
      label: 'North door',
      createdBy: 'Door Chapter',
      active: true,
    })
    expect(JSON.stringify(list.body)).not.toMatch(/pin|\/door\//i)
    expect(
      (await call(app, 'GET', `/api/events/${eventId}/door-links`, { token: otherOfficer })).status,
    ).toBe(403)
    const revoked = await call(app, 'DELETE', `/api/events/${eventId}/door-links/${door.id}`, {
      token: officer,
    })
    expect(revoked.status).toBe(200)
    expect((await call(app, 'GET', `/api/events/${eventId}/check-ins/summary`, door)).status).toBe(401)
    const page = await app.request(door.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `pin=${door.pin}`,
      redirect: 'manual',
    })
    expect(page.status).toBe(410)
  })

  it('expire at the end of the event day (site time zone), with the clock', async () => {
    const eventId = await event()
    const door = await doorCookie(eventId)
    now = Date.parse('2026-12-01T17:59:00Z')
    expect((await call(app, 'GET', `/api/events/${eventId}/check-ins/summary`, door)).status).toBe(200)
    now = Date.parse('2026-12-01T18:00:00Z')
    expect((await call(app, 'GET', `/api/events/${eventId}/check-ins/summary`, door)).status).toBe(401)
    now = Date.parse('2026-12-01T03:00:00Z')
  })

  it('made weeks ahead, open only from 24 hours before the start, with a cookie that ends with the day', async () => {
    const day = 24 * 60 * 60_000
    const eventDate = localDateOf(now + 23 * day, 'Asia/Dhaka')
    const eventId = await event(10, { eventDate, startTime: '10:00', endTime: '12:30' })
    const created = await call(app, 'POST', `/api/events/${eventId}/door-links`, {
      token: officer,
      json: { label: 'Early door' },
    })
    expect(created.status).toBe(201)
    const opensAt = localToInstant(eventDate, '10:00', 'Asia/Dhaka') - day
    const path = new URL(created.body.doorLink.url).pathname
    const post = () =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `pin=${created.body.doorLink.pin}`,
        redirect: 'manual',
      })
    // 23 days ahead the right PIN gives nothing, and the page says when the link opens.
    const early = await post()
    expect(early.status).toBe(403)
    expect(early.headers.getSetCookie()).toEqual([])
    const page = await app.request(path)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('opens on')
    expect(created.body.doorLink.opensAt).toBe(new Date(opensAt).toISOString())
    now = opensAt - 60_000
    expect((await post()).status).toBe(403)
    now = opensAt
    const opened = await post()
    expect(opened.status).toBe(303)
    const endOfDay = localToInstant(localDateOf(opensAt + day + day, 'Asia/Dhaka'), '00:00', 'Asia/Dhaka')
    for (const line of opened.headers.getSetCookie()) {
      const maxAge = Number(/Max-Age=(\d+)/i.exec(line)?.[1])
      expect(maxAge * 1000).toBeLessThanOrEqual(endOfDay - opensAt)
      expect(maxAge * 1000).toBeLessThan(2 * day)
    }
  })

  it('five wrong PINs lock the link for 15 minutes', async () => {
    const eventId = await event()
    const created = await call(app, 'POST', `/api/events/${eventId}/door-links`, {
      token: officer,
      json: { label: 'Side door' },
    })
    const path = new URL(created.body.doorLink.url).pathname
    const pin = created.body.doorLink.pin as string
    expect(pin).toMatch(/^\d{6}$/)
    const wrong = pin === '000000' ? '111111' : '000000'
    const post = (value: string) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `pin=${value}`,
        redirect: 'manual',
      })
    for (let attempt = 1; attempt <= 4; attempt++) expect((await post(wrong)).status).toBe(400)
    expect((await post(wrong)).status).toBe(429)
    expect((await post(pin)).status).toBe(429)
    now += 15 * 60_000
    expect((await post(pin)).status).toBe(303)
    now = Date.parse('2026-12-01T03:00:00Z')
  })

  it('are refused for a past event and need a label', async () => {
    const past = await event(10, { eventDate: '2026-11-30' })
    const answer = await call(app, 'POST', `/api/events/${past}/door-links`, {
      token: officer,
      json: { label: 'X' },
    })
    expect(answer.status).toBe(409)
    const eventId = await event()
    const empty = await call(app, 'POST', `/api/events/${eventId}/door-links`, {
      token: officer,
      json: { label: ' ' },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.label).toBeTruthy()
  })
})

describe('the door in the activity log', () => {
  /** The log's entries about the event, oldest first. */
  const entriesOf = (itemIds: string[]) =>
    app.db
      .select()
      .from(activity)
      .where(inArray(activity.itemId, itemIds))
      .orderBy(asc(activity.at), asc(activity.id))
      .all()
      .map((entry) => ({
        actor: entry.actorName,
        action: entry.action,
        type: entry.type,
        details: entry.details ? JSON.parse(entry.details) : null,
      }))

  it('door links made and revoked, check-ins counted per door and ten minutes, undos each', async () => {
    const eventId = await event()
    const first = await register(eventId, 'Logged One')
    const second = await register(eventId, 'Logged Two')
    const third = await register(eventId, 'Logged Three')
    const door = await doorCookie(eventId, 'Gate B')
    await checkIn(eventId, { registrationId: first }, door)
    await checkIn(eventId, { registrationId: second }, door)
    // A scan of someone in already is no check-in.
    await checkIn(eventId, { registrationId: second }, door)
    await checkIn(eventId, { registrationId: third }, { token: officer })
    now += 11 * 60 * 1000
    await call(app, 'DELETE', `/api/events/${eventId}/check-ins/${third}`, { token: officer })
    await checkIn(eventId, { registrationId: third }, door)
    await call(app, 'DELETE', `/api/events/${eventId}/door-links/${door.id}`, { token: officer })

    const entries = entriesOf([eventId, door.id])
    expect(
      entries
        .filter((entry) => entry.actor === 'Door Chapter')
        .map(({ action, type }) => `${action} ${type}`),
    ).toEqual(
      expect.arrayContaining([
        'create door-link',
        'check-in event',
        'undo-check-in event',
        'revoke door-link',
      ]),
    )
    // The door's first two check-ins in one entry (a scan of someone in already is none), then a new
    // entry after ten minutes.
    const doorCounts = entries
      .filter((entry) => entry.actor === 'Door link “Gate B”')
      .map((entry) => entry.details.count)
    expect(doorCounts).toEqual([2, 1])
    expect(entries.filter((entry) => entry.type === 'door-link').map((entry) => entry.action)).toEqual([
      'create',
      'revoke',
    ])
    expect(entries.find((entry) => entry.action === 'undo-check-in')?.details).toEqual({
      attendee: 'Logged Three',
    })
  })
})

describe('the door’s rate limit', () => {
  it('limits a door link to 30 searches a minute per address, and officers not', async () => {
    const limited = await startTestApp({ clock: () => now, registrations: { now: () => now } })
    try {
      const account = await addAccount(limited.db, { name: 'Search Door', email: 'search-door@example.org' })
      const token = (await signIn(limited, account.email)).token
      const created = await call(limited, 'POST', '/api/events', {
        token,
        json: { ...validEvent({ eventDate: '2026-12-01' }), registration: validRegistrationSettings() },
      })
      const eventId = created.body.event._id as string
      const door = await doorCookie(eventId, 'Limited door', limited, token)
      const search = (auth: Auth) =>
        call(limited, 'GET', `/api/events/${eventId}/check-ins/search?q=ra`, auth)
      for (let index = 0; index < 30; index++) expect((await search(door)).status).toBe(200)
      const refused = await search(door)
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/^Too many searches from this address/)
      expect((await search({ token })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('lets one phone check 300 people in within a minute at the normal limits', async () => {
    const door = await startTestApp({ clock: () => now, registrations: { now: () => now } })
    try {
      const account = await addAccount(door.db, { name: 'Busy Door', email: 'busy-door@example.org' })
      const token = (await signIn(door, account.email)).token
      const created = await call(door, 'POST', '/api/events', {
        token,
        json: {
          ...validEvent({ eventDate: FIXED_CLOCK_EVENT_DATE }),
          registration: validRegistrationSettings({ capacity: null }),
        },
      })
      const eventId = created.body.event._id as string
      const ids: string[] = []
      for (let index = 0; index < 300; index++) {
        const { registration } = door.registrations.register(eventId, validAttendee())
        ids.push(registration.id)
      }
      const statuses = new Map<number, number>()
      for (const registrationId of ids) {
        const answer = await call(door, 'POST', `/api/events/${eventId}/check-ins`, {
          token,
          json: { registrationId },
        })
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 300 })
    } finally {
      await door.close()
    }
  })
})

describe('the check-in page as an app (docs/decisions/093-check-in-app-offline-through-reloads.md)', () => {
  it('has a manifest for those who may check in there, naming the event and its chapter', async () => {
    const eventId = await event()
    const path = `/dashboard/events/${eventId}/check-in/manifest.webmanifest`
    const officerCookie = (await signIn(app, chapter.email)).cookie
    const answer = await call(app, 'GET', path, { cookie: officerCookie })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/manifest+json')
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const title = (await call(app, 'GET', `/api/events/${eventId}`, { token: officer })).body.event.title
    const start = `/dashboard/events/${eventId}/check-in`
    expect(answer.body).toMatchObject({
      id: start,
      name: `Check-in: ${title} (Door Chapter)`,
      short_name: 'Check-in',
      start_url: start,
      scope: start,
      display: 'fullscreen',
    })
    expect(answer.body.icons).toContainEqual({
      src: `${start}/icon-512.png`,
      sizes: '512x512',
      type: 'image/png',
      purpose: 'any',
    })
    // The event's door link too; nobody, another chapter and another event's door link are refused.
    const door = await doorCookie(eventId)
    expect((await call(app, 'GET', path, { cookie: door.cookie })).status).toBe(200)
    expect((await call(app, 'GET', path)).status).toBe(401)
    expect((await call(app, 'GET', path, { token: otherOfficer })).status).toBe(403)
    const otherEvent = await event()
    const otherDoor = await doorCookie(otherEvent)
    const otherPath = `/dashboard/events/${otherEvent}/check-in/manifest.webmanifest`
    expect((await call(app, 'GET', otherPath, { cookie: door.cookie })).status).toBe(403)
    expect((await call(app, 'GET', otherPath, { cookie: otherDoor.cookie })).status).toBe(200)
    // A revoked link's cookie is nobody's.
    await call(app, 'DELETE', `/api/events/${eventId}/door-links/${door.id}`, { token: officer })
    expect((await call(app, 'GET', path, { cookie: door.cookie })).status).toBe(401)
  })

  it('has icons of 192 and 512 pixels, and no other size', async () => {
    const eventId = await event()
    for (const size of [192, 512]) {
      const answer = await app.request(`/dashboard/events/${eventId}/check-in/icon-${size}.png`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/png')
      const { width, height } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata()
      expect({ width, height }).toEqual({ width: size, height: size })
    }
    expect((await app.request(`/dashboard/events/${eventId}/check-in/icon-64.png`)).status).toBe(404)
  })
})
