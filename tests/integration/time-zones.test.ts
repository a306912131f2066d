import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, createSiteClock } from '#db/clock'
import { call, clientOf, signIn, validEvent } from '../support/api'
import { fakeClockEnv } from '../support/fake-clock'
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process'

/**
 * The site has one day, TIME_ZONE's (docs/decisions/095-one-clock-for-the-site.md): two servers of one
 * database, one whose process runs in Dhaka and one in Los Angeles, render the same pages at the same
 * instant. The instant is 20:00 UTC, when Dhaka's date is already a day ahead of Los Angeles': an event dated
 * Los Angeles' today is yesterday's on the site, so a process that read its own zone would still list it as
 * upcoming, keep a month's calendar of another month, or date the feeds otherwise.
 */

const ADMIN = { ADMIN_EMAIL: 'zones-admin@example.org', ADMIN_PASSWORD: 'zones admin password' }
const site = createSiteClock('Asia/Dhaka')
/** Three days on, at 20:00 UTC: 02:00 the next day in Dhaka, noon (or 13:00) in Los Angeles. */
const instant = Date.parse(`${addDays(new Date().toISOString().slice(0, 10), 3)}T20:00:00Z`)

let dhaka: ServerProcess
let angeles: ServerProcess
let eventId: string

beforeAll(async () => {
  const dataDir = freshDataDir()
  const common = { ...ADMIN, ...fakeClockEnv(instant) }
  dhaka = await startServer({ dataDir, env: { ...common, TZ: 'Asia/Dhaka' } })
  const { token } = await signIn(clientOf(dhaka.url), ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  // Yesterday on the site; "today" in Los Angeles' own calendar.
  const yesterday = site.today(instant - 24 * 60 * 60 * 1000)
  expect(yesterday).toBe(new Date(instant).toISOString().slice(0, 10))
  const created = await call(clientOf(dhaka.url), 'POST', '/api/events', {
    token,
    json: validEvent({ title: 'Yesterday on the site, today in Los Angeles', eventDate: yesterday }),
  })
  expect(created.status).toBe(201)
  eventId = created.body.event._id
  angeles = await startServer({ dataDir, env: { ...common, TZ: 'America/Los_Angeles' } })
}, 180_000)
afterAll(async () => {
  await angeles?.stop()
  await dhaka?.stop()
})

/** A page as a visitor gets it, without what differs per response by design (a feed's stamp of its making). */
async function visit(server: ServerProcess, path: string) {
  const answer = await fetch(`${server.url}${path}`, { redirect: 'manual' })
  const body = (await answer.text()).replace(/^DTSTAMP:.*$/gm, 'DTSTAMP')
  return { status: answer.status, location: answer.headers.get('location'), body }
}

describe('a server in Dhaka and one in Los Angeles, at the same instant', () => {
  it('render the same public pages, feeds and calendar', async () => {
    const paths = [
      '/',
      '/events',
      '/events?when=past',
      '/events/calendar',
      `/events/calendar/${site.today(instant).slice(0, 7)}`,
      `/events/${eventId}`,
      '/sitemap.xml',
      '/events.ics',
      '/events.ics?when=past',
      '/about',
    ]
    for (const path of paths) {
      const [inDhaka, inAngeles] = [await visit(dhaka, path), await visit(angeles, path)]
      expect(inDhaka.status, path).toBeLessThan(400)
      expect(inAngeles, path).toEqual(inDhaka)
    }
  })

  it("list yesterday's event among the past ones on both, never as upcoming", async () => {
    for (const server of [dhaka, angeles]) {
      expect((await visit(server, '/events.ics')).body).not.toContain('Yesterday on the site')
      expect((await visit(server, '/events.ics?when=past')).body).toContain('Yesterday on the site')
    }
  })
})
