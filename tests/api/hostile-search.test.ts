import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthOf } from '#db/event-links'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createEvent } from '#db/queries/events.server'
import { ensureProductionBuild } from '../support/build'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Search strings that are FTS5 syntax or not text at all, as a fixed list (the fuzz test reaches them only
 * at random): on the events list, its calendar feed and the month calendar, every one answers 200 or 400,
 * never 500, and a page that answers 200 is the whole page. Each is sent as the raw bytes of the query
 * string, so a lone surrogate arrives as the broken UTF-8 a client would send.
 */

/** Raw query-string values (already percent-encoded where a URL needs it). */
const HOSTILE = {
  'a double quote': '%22',
  'an unterminated phrase': '%22workshop',
  'NEAR(': 'NEAR(',
  'NEAR( with words': 'NEAR(workshop%20rust',
  'a star': '*',
  'a prefix star': 'work*',
  'an opening parenthesis': '(',
  'a closing parenthesis': ')',
  'a column filter': 'title%3Aworkshop',
  'boolean operators': 'AND%20OR%20NOT',
  'a caret and a minus': '%5E-workshop',
  'a lone high surrogate (CESU bytes)': '%ED%A0%80',
  'a lone low surrogate (CESU bytes)': '%ED%B0%80',
  'a surrogate as %u': '%uD800',
  'a cut-off UTF-8 sequence': '%F0%9F',
  'a bad percent escape': '%E0%A4%A',
  'a NUL': '%00',
} as const

let app: TestApp
const today = siteClock.today()

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { PUBLIC_URL: 'https://chapter.example.org' } })
  const { chapter } = createChapterWithOfficer(app.db, {
    name: 'Hostile Search Chapter',
    email: 'hostile-search@example.org',
    passwordHash: 'not a real hash',
  })
  // Something for the index to hold, so a query that gets through is matched against real rows.
  createEvent(app.db, chapter.id, {
    title: 'Rust workshop NEAR the river',
    eventDate: today,
    banner: '/uploads/banner.webp',
    host: 'Computer Club',
    startTime: '10:00',
    endTime: '12:00',
    location: 'Hall 1',
    registrationMethod: 'Offline',
    fees: 0,
    eventLink: 'https://www.facebook.com/events/1',
    description: 'A "quoted" (parenthesised) * description.',
  })
}, 180_000)
afterAll(() => app?.close())

const targets = () =>
  [
    { name: '/events', path: '/events', page: true },
    { name: '/events.ics', path: '/events.ics', page: false },
    { name: 'the month calendar', path: `/events/calendar/${monthOf(today)}`, page: true },
  ] as const

describe('hostile search strings', () => {
  for (const [label, raw] of Object.entries(HOSTILE)) {
    it(`${label} (q=${raw}) answers 200 or 400 and a whole page on each view`, async () => {
      for (const target of targets()) {
        const response = await app.request(`${target.path}?q=${raw}`)
        const body = await response.text()
        const where = `${target.name}?q=${raw}`
        expect([200, 400], `${where}: ${response.status}`).toContain(response.status)
        if (response.status !== 200) continue
        if (target.page) {
          expect(response.headers.get('content-type'), where).toMatch(/^text\/html/)
          expect(body, where).toMatch(/<\/html>\s*$/)
          // The filter form is there, with the search box the visitor can correct.
          expect(body, where).toMatch(/<input[^>]*name="q"/)
        } else {
          expect(response.headers.get('content-type'), where).toMatch(/^text\/calendar/)
          expect(body, where).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/)
        }
      }
    })
  }

  it('a search that gets through still finds the event', async () => {
    const page = await (await app.request('/events?q=%22workshop')).text()
    expect(page).toContain('Rust workshop NEAR the river')
  })
})
