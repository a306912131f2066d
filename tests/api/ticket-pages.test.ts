import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTicketKeys } from '#server/auth/ticket-key.server'
import { call, validAttendee } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import {
  createEvent,
  pageOf,
  registerThroughApi,
  startRegistrationFixture,
} from '../support/registration-fixture'
import type { TestApp } from '../support/test-app'

/**
 * The ticket page `/t/<code>` and the door link page `/door/<token>` as the production server renders them:
 * each state in words, private and never kept by the front cache, out of search results.
 */

let app: TestApp
let officer: string
/** How far the app's clock (sessions, door links) runs ahead of the wall clock: moved by a test. */
let ahead = 0

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  ;({ app, officer } = await startRegistrationFixture({
    app: { pages: 'production', env: { RATE_LIMIT_SCALE: '100' }, clock: () => Date.now() + ahead },
    chapter: { name: 'Ticket Page Chapter', email: 'ticket-page@example.org' },
  }))
})
afterAll(() => app.close())

const page = (path: string) => pageOf(app, path)

async function ticketsOf(count: number, settings: Record<string, unknown> = {}) {
  const eventId = (await createEvent(app, officer, { title: 'Ticket Page', registration: settings }))._id
  for (let index = 0; index < count; index++)
    await registerThroughApi(app, eventId, validAttendee({ name: `Holder ${index}` }))
  const list = await call(app, 'GET', `/api/events/${eventId}/registrations`, { token: officer })
  const keys = loadTicketKeys(app.ctx.env)
  const rows = list.body.registrations as Array<{ _id: string; status: string }>
  return {
    eventId,
    rows,
    pathOf: (registrationId: string, ticketVersion = 1) =>
      `/t/${keys.sign({ eventId, registrationId, ticketVersion })}`,
  }
}

describe('the ticket page', () => {
  it('says valid, cancelled, replaced or not confirmed; private, no-store, noindex, never cached', async () => {
    const { eventId, rows, pathOf } = await ticketsOf(3, { capacity: 2 })
    const [first, second, waiting] = rows
    if (!first || !second || !waiting) throw new Error('three registrations expected')
    const valid = await page(pathOf(first._id))
    expect(valid.status).toBe(200)
    expect(valid.html).toContain('Valid: show this code at the door.')
    expect(valid.html).toContain('Holder 0')
    expect(valid.html).toContain('aria-label="QR code of the ticket of Holder 0"')
    expect(valid.html).toContain('name="robots" content="noindex"')
    expect(valid.headers.get('cache-control')).toMatch(/private.*no-store|no-store.*private/)
    expect(app.frontCache?.get(pathOf(first._id))).toBeUndefined()

    await call(app, 'PATCH', `/api/events/${eventId}/registrations/${second._id}`, {
      token: officer,
      json: { status: 'cancelled' },
    })
    const cancelled = await page(pathOf(second._id))
    expect(cancelled.html).toContain('Cancelled: this registration was cancelled')
    expect(cancelled.html).not.toContain('aria-label="QR code')

    const old = await page(pathOf(first._id, 2))
    expect(old.html).toContain('Replaced by a newer ticket')

    // The waiting one was offered the freed seat: not confirmed yet.
    const offered = await page(pathOf(waiting._id))
    expect(offered.html).toContain('Not confirmed yet')

    const forged = await page(`${pathOf(first._id).slice(0, -4)}AAAA`)
    expect(forged.html).toContain('This ticket is not valid')
  })
})

describe('the door link page', () => {
  it('says when it opens, then asks for the PIN, says when a link is revoked, and is private', async () => {
    const { eventId } = await ticketsOf(0)
    const created = await call(app, 'POST', `/api/events/${eventId}/door-links`, {
      token: officer,
      json: { label: 'East door' },
    })
    const path = new URL(created.body.doorLink.url).pathname
    // Before 24 hours ahead of the start, it says when it opens, and asks for nothing.
    const early = await page(path)
    expect(early.status).toBe(403)
    expect(early.html).toContain('This door link opens on')
    expect(early.html).not.toContain('name="pin"')
    expect(early.html).toContain('name="robots" content="noindex"')
    ahead = Date.parse(created.body.doorLink.opensAt) - Date.now()
    const open = await page(path)
    ahead = 0
    expect(open.status).toBe(200)
    expect(open.html).toContain('East door')
    expect(open.html).toContain('name="pin"')
    expect(open.html).toContain('name="robots" content="noindex"')
    expect(open.headers.get('cache-control')).toMatch(/no-store/)
    await call(app, 'DELETE', `/api/events/${eventId}/door-links/${created.body.doorLink.id}`, {
      token: officer,
    })
    const revoked = await page(path)
    expect(revoked.status).toBe(410)
    expect(revoked.html).toContain('This door link was revoked.')
    expect((await page(`/door/${'x'.repeat(43)}`)).status).toBe(404)
  })
})
