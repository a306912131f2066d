import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChapter } from '#db/queries/accounts.server'
import { createChapterInfo } from '#db/queries/chapter-info.server'
import { createEvent, type EventFields } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import type { Chapter, Event } from '#db/schema'
import { ensureProductionBuild } from '../support/build'
import { daysFromToday } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

// What the public pages say is what the database holds (docs/decisions/066-chapters-from-the-database.md,
// docs/decisions/069-true-counts.md). The production build renders the pages inside the test app.
let app: TestApp
let alpha: Chapter
let beta: Chapter
let gamma: Chapter
let markdownEvent: Event

const event = (title: string, eventDate: string, overrides: Partial<EventFields> = {}): EventFields => ({
  title,
  banner: '/uploads/banner.webp',
  host: 'Test host',
  eventDate,
  startTime: '10:00',
  endTime: '16:00',
  location: 'Hall 1, Dhaka',
  registrationMethod: 'Offline',
  fees: 0,
  eventLink: 'https://www.facebook.com/test-event',
  description: 'A plain description.',
  ...overrides,
})

const member = (name: string, designation: string) => ({
  name,
  designation,
  affiliation: 'Alpha University',
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
  image: '',
})

const MARKDOWN = [
  '# Plan of the day',
  '',
  'Bring **a laptop** and see [the judge](https://judge.example.org).',
  '',
  '- sorting',
  '- greedy algorithms',
  '',
  '<script>alert("x")</script>',
  '',
  '[do not click](javascript:alert(1)) <img src=x onerror=alert(2)>',
].join('\n')

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { PUBLIC_URL: 'https://chapter.example.org' } })
  const { db } = app
  // Created a millisecond apart: /chapters lists them oldest first.
  alpha = createChapter(db, {
    name: 'Alpha Student Branch',
    email: 'alpha@example.org',
    createdAt: new Date(1),
  })
  beta = createChapter(db, { name: 'Beta Student Branch', email: 'beta@example.org', createdAt: new Date(2) })
  gamma = createChapter(db, {
    name: 'Gamma Student Branch',
    email: 'gamma@example.org',
    createdAt: new Date(3),
  })
  // Designations are matched ignoring case and spaces; the oldest chair is the chair.
  createExcomMember(db, alpha.id, member('Ada Lovelace', ' chair '))
  createExcomMember(db, alpha.id, member('Alan Turing', 'ADVISOR'))
  createExcomMember(db, alpha.id, member('Grace Hopper', 'Chair'))
  createExcomMember(db, gamma.id, member('Edsger Dijkstra', 'Vice Chair'))
  createChapterInfo(db, alpha.id, {
    logo: '/uploads/alpha-logo.webp',
    shortDescription: 'Alpha',
    websiteUrl: 'https://alpha.example.org',
    facebookUrl: 'https://facebook.com/alpha',
    linkedinUrl: 'https://linkedin.com/alpha',
    videoUrl: '',
    aboutUs: 'We are Alpha.',
  })
  createEvent(db, alpha.id, event('Alpha past workshop', '2001-05-05', { type: 'Workshop' }))
  markdownEvent = createEvent(
    db,
    alpha.id,
    event('Alpha past seminar', '2002-06-06', { type: 'Seminar', description: MARKDOWN }),
  )
  createEvent(db, alpha.id, event('Alpha later meetup', daysFromToday(400), { type: 'Meetup' }))
  createEvent(db, alpha.id, event('Alpha sooner workshop', daysFromToday(300), { type: 'Workshop' }))
  createEvent(db, gamma.id, event('Gamma untyped event', '2003-01-01'))
  // An administrator's own event counts on the home page too.
  createEvent(db, null, event('Branch seminar', '2004-01-01', { type: 'Seminar' }))
})
afterAll(() => app.close())

const page = async (path: string) => {
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  return response.text()
}

/** The text of an element's HTML without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The label and value pairs of a counter strip: "Workshops 2". */
const counters = (html: string) =>
  [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*><span data-count-to="(\d+)">/g)].map(
    ([, label, value]) => `${label} ${value}`,
  )

/** The HTML from the heading with this id to `end` (by default the next section's heading). */
function section(html: string, id: string, end = '<section aria-labelledby='): string {
  const start = html.indexOf(`id="${id}"`)
  if (start < 0) return ''
  const next = html.indexOf(end, start)
  return html.slice(start, next < 0 ? undefined : next)
}

describe('/chapters', () => {
  it('lists every chapter of the database, oldest first, each linked to its landing', async () => {
    const html = section(await page('/chapters'), 'chapter-list')
    const rows = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((match) => textOf(match[1] ?? ''))
    expect(rows).toEqual([
      'S/N University Chair Email Advisor Email',
      '1 Alpha Student Branch Ada Lovelace ada.lovelace@example.org Alan Turing alan.turing@example.org',
      '2 Beta Student Branch – not listed – not listed – not listed – not listed',
      '3 Gamma Student Branch – not listed – not listed – not listed – not listed',
    ])
    for (const chapter of [alpha, beta, gamma]) {
      // In the table and in the phone's cards.
      expect(html.match(new RegExp(`href="/chapter/${chapter.slug}"`, 'g'))).toHaveLength(2)
      expect((await app.request(`/chapter/${chapter.slug}`)).status).toBe(200)
    }
    expect(html).toContain('href="mailto:ada.lovelace@example.org"')
  })

  it("'Our Chapters' shows the chapters that have a logo, linked to their landing", async () => {
    const html = section(await page('/chapters'), 'our-chapters', '</ul>')
    expect(html.match(/<li/g)).toHaveLength(1)
    expect(html).toContain(`href="/chapter/${alpha.slug}"`)
    expect(html).toContain('src="/uploads/alpha-logo.webp"')
  })

  it('the sitemap lists every landing too: no chapter is out of reach', async () => {
    const xml = await page('/sitemap.xml')
    for (const chapter of [alpha, beta, gamma])
      expect(xml).toContain(`<loc>https://chapter.example.org/chapter/${chapter.slug}</loc>`)
  })
})

describe('chapter landing', () => {
  it('counts committee members, events and workshops; upcoming events come first, soonest first', async () => {
    const html = await page(`/chapter/${alpha.slug}`)
    expect(counters(html)).toEqual(['Committee members 3', 'Events 4', 'Workshops 2'])
    expect(html).not.toContain('10+')
    const upcoming = section(html, 'chapter-upcoming')
    const past = section(html, 'chapter-events')
    expect(upcoming).toContain('Coming up')
    expect([...upcoming.matchAll(/<h3[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      'Alpha sooner workshop',
      'Alpha later meetup',
    ])
    expect([...past.matchAll(/<h3[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      'Alpha past seminar',
      'Alpha past workshop',
    ])
    expect(html.indexOf('id="chapter-upcoming"')).toBeLessThan(html.indexOf('id="chapter-events"'))
    // The carousel writes the public date format and the description as plain text.
    expect(past).toContain('Thu, 6 Jun 2002 · 10:00-16:00')
    expect(past).toContain('Plan of the day Bring a laptop and see the judge.')
    expect(past).not.toContain('**')
  })

  it('leaves out a count of zero, and the strip when every count is zero', async () => {
    const gammaHtml = await page(`/chapter/${gamma.slug}`)
    expect(counters(gammaHtml)).toEqual(['Committee member 1', 'Event 1'])
    const betaHtml = await page(`/chapter/${beta.slug}`)
    expect(counters(betaHtml)).toEqual([])
    expect(betaHtml).not.toContain('aria-label="Growth"')
    expect(betaHtml).not.toContain('id="chapter-upcoming"')
    expect(betaHtml).toContain('No past events yet.')
    expect(betaHtml).toContain('No committee members yet.')
  })

  it('shows no video when the chapter has none: the about text stands alone', async () => {
    const html = await page(`/chapter/${alpha.slug}`)
    expect(html).not.toContain('data-video-id')
    expect(html).not.toContain('Play video')
    expect(section(html, 'chapter-about')).toContain('We are Alpha.')
  })
})

describe('home page', () => {
  it('counts seminars, webinars and workshops of every owner, leaving out a type without events', async () => {
    const html = section(await page('/'), 'home-events')
    expect(counters(html)).toEqual(['Seminars 2', 'Workshops 2'])
    expect(html).not.toMatch(/data-count-to="(46|68|27)"/)
  })
})

describe('an event described in Markdown', () => {
  it('is formatted on its page, with no raw HTML and no unsafe link', async () => {
    const html = await page(`/events/${markdownEvent.id}`)
    const about = section(html, 'event-about', '</section>')
    expect(about).toContain('<h3>Plan of the day</h3>')
    expect(about).toContain('<strong>a laptop</strong>')
    expect(about).toMatch(/<li>sorting<\/li>\s*<li>greedy algorithms<\/li>/)
    expect(about).toContain('<a href="https://judge.example.org" rel="nofollow noopener">the judge</a>')
    expect(about).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(about).not.toMatch(/<script|<img|javascript:/i)
    expect(about).toContain('do not click')
    // The facts in the public formats.
    expect(html).toContain('Thu, 6 Jun 2002')
    expect(html).toContain('10:00-16:00')
    expect(html).toContain('>Free<')
  })

  it('is plain text in the meta description, JSON-LD, cards, RSS and iCalendar', async () => {
    const plain = 'Plan of the day Bring a laptop and see the judge.'
    const html = await page(`/events/${markdownEvent.id}`)
    const meta = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''
    expect(meta.startsWith(plain)).toBe(true)
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}')
    expect(jsonLd.description).toMatch(/^Plan of the day\n\nBring a laptop and see the judge\.\n\nsorting\n/)
    expect(jsonLd.description).not.toMatch(/\*\*|\[|<script/)

    const cards = await page('/events')
    expect(cards).toContain(plain)
    expect(cards).not.toContain('**a laptop**')

    const rss = await page('/rss.xml')
    expect(rss).toContain(`Thu, 6 Jun 2002 · 10:00-16:00, Hall 1, Dhaka. Plan of the day`)
    expect(rss).not.toContain('**a laptop**')

    const ics = await page(`/events/${markdownEvent.id}.ics`)
    expect(ics.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:Plan of the day\\n\\nBring a laptop and see the judge.',
    )
    expect(ics).toContain('Fees: Free.')
  })
})
