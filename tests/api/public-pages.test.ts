import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createEvent, type EventFields } from '#db/queries/events.server'
import { saveRegistrationSettings } from '#db/queries/registrations.server'
import type { Event } from '#db/schema'
import { registrationOff } from '#db/validation'
import { seedCommittees } from '#server/services/committee-seed.server'
import { ensureProductionBuild } from '../support/build'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

// The production build renders the pages inside the test app: Vike needs production mode.
let app: TestApp
const past: Event[] = []
const upcoming: Event[] = []
let chapterSlug = ''

const dayFromToday = (days: number) => siteClock.daysFromToday(days)

const fields = (title: string, eventDate: string): EventFields => ({
  title,
  banner: '/uploads/banner.webp',
  host: 'Test Chapter',
  eventDate,
  startTime: '10:00',
  endTime: '12:00',
  location: 'Hall 1, Dhaka',
  registrationMethod: 'Offline',
  fees: 0,
  eventLink: 'https://www.facebook.com/test-event',
  description: 'Line, one; with\nsecond line',
})

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { PUBLIC_URL: 'https://chapter.example.org' } })
  // What `npm start` seeds on a new site (server/main.ts): the committees content/ held.
  seedCommittees(app.db, new Date(app.ctx.clock.now()))
  const { chapter: owner } = createChapterWithOfficer(app.db, {
    name: 'Test Chapter',
    email: 'test-chapter@example.org',
    passwordHash: 'not a real hash',
  })
  chapterSlug = owner.slug
  for (let i = 1; i <= 20; i++)
    past.push(createEvent(app.db, owner.id, fields(`Past event ${i}`, dayFromToday(-i))))
  for (let i = 0; i < 10; i++)
    upcoming.push(createEvent(app.db, owner.id, fields(`Upcoming event ${i}`, dayFromToday(i))))
})
afterAll(() => app.close())

const titlesIn = (html: string, section: string) => {
  const start = html.indexOf(`id="${section}"`)
  const rest = start < 0 ? '' : html.slice(start)
  const end = rest.indexOf('</section>')
  return [...rest.slice(0, end).matchAll(/>((?:Past|Upcoming) event \d+)</g)].map((match) => match[1])
}

describe('/events', () => {
  it('splits upcoming (soonest first) and past (newest first) events, a page of each', async () => {
    const response = await app.request('/events')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(titlesIn(html, 'upcoming-events')).toEqual(
      Array.from({ length: 8 }, (_, i) => `Upcoming event ${i}`),
    )
    expect(titlesIn(html, 'previous-events')).toEqual(
      Array.from({ length: 12 }, (_, i) => `Past event ${i + 1}`),
    )
    expect(html).toContain('Previous Symposium')
    expect(html).toContain('href="/call-for-extended-abstract"')
    expect(html).toContain('href="/call-for-abstract"')
  })

  it('follows the Older events and Later events links to the rest, by keyset', async () => {
    const html = await (await app.request('/events')).text()
    const older = /href="(\/events\?before=[^"#]+)/.exec(html)?.[1]
    const later = /href="(\/events\?after=[^"#]+)/.exec(html)?.[1]
    expect(older).toBeTruthy()
    expect(later).toBeTruthy()
    const olderHtml = await (await app.request((older ?? '').replace(/&amp;/g, '&'))).text()
    expect(titlesIn(olderHtml, 'event-results')).toEqual(
      Array.from({ length: 8 }, (_, i) => `Past event ${i + 13}`),
    )
    expect(olderHtml).not.toContain('?before=')
    const laterHtml = await (await app.request((later ?? '').replace(/&amp;/g, '&'))).text()
    expect(titlesIn(laterHtml, 'event-results')).toEqual(['Upcoming event 8', 'Upcoming event 9'])
  })

  it('a malformed cursor shows the first page instead of failing', async () => {
    const response = await app.request("/events?before=nonsense'--")
    expect(response.status).toBe(200)
    expect(titlesIn(await response.text(), 'previous-events')).toHaveLength(12)
  })
})

describe('event page', () => {
  it('shows the event with JSON-LD, its banner as the shared picture and an .ics link', async () => {
    const event = upcoming[0] as Event
    const response = await app.request(`/events/${event.id}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<title>${event.title} | `)
    expect(html).toContain(
      '<meta property="og:image" content="https://chapter.example.org/uploads/banner.webp">',
    )
    expect(html.match(/name="twitter:card"/g)).toHaveLength(1)
    expect(html).toContain('<link rel="canonical" href="https://chapter.example.org/events/')
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}')
    expect(jsonLd).toMatchObject({
      '@type': 'Event',
      name: event.title,
      startDate: `${event.eventDate}T10:00`,
      location: { '@type': 'Place', name: 'Hall 1, Dhaka' },
    })
    expect(html).toContain('Organized By')
    // Markdown, where a line break stays one (docs/decisions/068-event-descriptions-in-markdown.md).
    expect(html).toMatch(/<p>Line, one; with<br>\s*second line<\/p>/)
    expect(html).toContain(`href="/events/${event.id}.ics"`)
  })

  it('an unknown id is the 404 page', async () => {
    const response = await app.request('/events/does-not-exist')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page not found')
  })
})

describe('feeds', () => {
  it('robots.txt allows the site and keeps crawlers out of /dashboard and /api', async () => {
    const response = await app.request('/robots.txt')
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(text).toContain('Allow: /\n')
    expect(text).toContain('Disallow: /dashboard\n')
    expect(text).toContain('Disallow: /api\n')
    expect(text).toContain('Sitemap: https://chapter.example.org/sitemap.xml')
  })

  it('the sitemap lists static pages, articles, chapter landings and events', async () => {
    const response = await app.request('/sitemap.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    for (const path of [
      '/',
      '/about',
      '/excom-18',
      '/acheivements',
      '/blogs/evolution-of-quantum-computing',
    ]) {
      expect(xml).toContain(`<loc>https://chapter.example.org${path}</loc>`)
    }
    expect(xml).toContain(`<loc>https://chapter.example.org/chapter/${chapterSlug}</loc>`)
    for (const event of [...past, ...upcoming]) expect(xml).toContain(`/events/${event.id}</loc>`)
    expect(xml).not.toContain('/dashboard')
  })

  it('the RSS feed carries events and articles with absolute links', async () => {
    const response = await app.request('/rss.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    const xml = await response.text()
    expect(xml).toContain('<rss version="2.0"')
    expect(xml).toContain('<link>https://chapter.example.org/blogs/csbd-chapter-leads-the-way</link>')
    expect(xml).toContain(`<link>https://chapter.example.org/events/${upcoming[0]?.id}</link>`)
    expect(xml.match(/<item>/g)?.length).toBe(30 + 3)
  })

  it('the iCalendar feed has the upcoming events only', async () => {
    const response = await app.request('/events.ics')
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/)
    const ics = await response.text()
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(upcoming.length)
    expect(ics).toContain('SUMMARY:Upcoming event 0\r\n')
    expect(ics).not.toContain('Past event')
    expect(ics).toContain('DESCRIPTION:Line\\, one\\; with\\nsecond line')
    // Times in UTC (10:00 in Dhaka is 04:00 UTC), never floating.
    const event = upcoming[0] as Event
    expect(ics).toContain(`DTSTART:${event.eventDate.replaceAll('-', '')}T040000Z\r\n`)
    expect(ics).not.toMatch(/^DT(START|END):\d{8}T\d{6}\r$/m)
  })

  it("a feed's 'Register' is the event's page when it registers on this site, its outside link when not", async () => {
    const event = upcoming[8] as Event
    const other = upcoming[9] as Event
    saveRegistrationSettings(app.db, event.id, { ...registrationOff, enabled: true, capacity: null })
    const ics = (await (await app.request('/events.ics')).text()).replace(/\r\n /g, '')
    const registerOf = (id: string) =>
      /Register: (\S+?)\r\n/.exec(
        ics.split('BEGIN:VEVENT').find((vevent) => vevent.includes(`/events/${id}\r\n`)) ?? '',
      )?.[1]
    expect(registerOf(event.id)).toBe(`https://chapter.example.org/events/${event.id}`)
    expect(registerOf(other.id)).toBe('https://www.facebook.com/test-event')
    const one = (await (await app.request(`/events/${event.id}.ics`)).text()).replace(/\r\n /g, '')
    expect(one).toContain(`Register: https://chapter.example.org/events/${event.id}\r\n`)
  })

  it('one event as .ics, and 404 for an unknown one', async () => {
    const event = past[0] as Event
    const response = await app.request(`/events/${event.id}.ics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('.ics')
    const ics = await response.text()
    expect(ics).toContain(`UID:${event.id}@chapter.example.org`)
    expect(ics).toContain(`URL:https://chapter.example.org/events/${event.id}`)
    expect((await app.request('/events/unknown-id.ics')).status).toBe(404)
  })
})
