import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEventListQuery } from '#db/event-filters'
import { monthOf } from '#db/event-links'
import { createChapterWithOfficer, deleteChapter, updateChapter } from '#db/queries/accounts.server'
import { findEvents } from '#db/queries/event-finder.server'
import { createEvent, deleteEvent, type EventFields, updateEvent } from '#db/queries/events.server'
import type { Chapter, Event } from '#db/schema'
import { ensureProductionBuild } from '../support/build'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Finding events (docs/decisions/061-event-search-with-fts5.md, 062, 063): the search index and the filters
 * against a real SQLite file, the pages and feeds of the real app, the front cache's keys and bound.
 */

let app: TestApp
let padma: Chapter
let meghna: Chapter
const today = siteClock.today()
const dayFromToday = (days: number) => siteClock.daysFromToday(days)

const fields = (overrides: Partial<EventFields> & { title: string; eventDate: string }): EventFields => ({
  banner: '/uploads/banner.webp',
  host: 'Computer Club',
  startTime: '10:00',
  endTime: '12:00',
  location: 'Hall 1',
  registrationMethod: 'Offline',
  fees: 0,
  eventLink: 'https://www.facebook.com/events/1',
  description: 'Talks and exercises.',
  ...overrides,
})

const seen: Record<string, Event> = {}
const add = (key: string, owner: Chapter | null, overrides: Parameters<typeof fields>[0]) => {
  seen[key] = createEvent(app.db, owner?.id ?? null, fields(overrides))
  return seen[key] as Event
}

/** Titles `findEvents` answers for a query string, on its first page. */
const titles = (query: string, limit = 50) =>
  findEvents(app.db, readEventListQuery(new URLSearchParams(query)), { today, limit }).events.map(
    (event) => event.title,
  )

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { PUBLIC_URL: 'https://chapter.example.org' } })
  padma = createChapterWithOfficer(app.db, {
    name: 'Padma University Student Branch',
    email: 'padma@example.org',
    passwordHash: 'not a real hash',
  }).chapter
  meghna = createChapterWithOfficer(app.db, {
    name: 'Meghna Institute Chapter',
    email: 'meghna@example.org',
    passwordHash: 'not a real hash',
  }).chapter
  add('bengali', padma, {
    title: 'মেশিন লার্নিং কর্মশালা',
    eventDate: dayFromToday(5),
    location: 'ঢাকা বিশ্ববিদ্যালয়',
    description: 'হাতে-কলমে মেশিন লার্নিং শেখা।',
  })
  add('ml', meghna, {
    title: 'Machine Learning Workshop',
    eventDate: dayFromToday(10),
    registrationMethod: 'Online',
    fees: 500,
    location: 'Online',
  })
  add('mlDescription', meghna, {
    title: 'Data Day',
    eventDate: dayFromToday(1),
    description: 'Posters on machine learning and statistics.',
  })
  add('robotics', padma, {
    title: 'Robotics Seminar',
    eventDate: dayFromToday(-3),
    description: 'Robots that use machine learning.',
  })
  add('bootcamp', meghna, {
    title: 'Web Development Bootcamp',
    eventDate: dayFromToday(2),
    fees: 200,
    location: 'Chattogram',
    host: 'Karnaphuli Coders',
  })
  add('cafe', null, {
    title: 'Café Night: Coding',
    eventDate: dayFromToday(-30),
    registrationMethod: 'Online',
  })
  // Typed with the o-kar as two code points (e-kar and aa-kar), as some keyboards write it.
  add('decomposed', padma, { title: 'বোর্ড সভা'.normalize('NFD'), eventDate: dayFromToday(40) })
})
afterAll(() => app.close())

describe('search (FTS5)', () => {
  it('finds a Bengali title by a Bengali word, by its start, never by the middle of a word', () => {
    expect(titles('q=লার্নিং')).toEqual(['মেশিন লার্নিং কর্মশালা'])
    expect(titles('q=লার্')).toEqual(['মেশিন লার্নিং কর্মশালা'])
    expect(titles('q=কর্মশালা')).toEqual(['মেশিন লার্নিং কর্মশালা'])
    // The location, in Bengali too.
    expect(titles('q=ঢাকা')).toEqual(['মেশিন লার্নিং কর্মশালা'])
    // The end of a word is not a word: the tokenizer keeps vowel signs and virama inside words.
    expect(titles('q=নিং')).toEqual([])
    expect(titles('q=র্নিং')).toEqual([])
  })

  it('finds a word typed decomposed by its composed form, and the other way round', () => {
    const title = 'বোর্ড সভা'.normalize('NFD')
    expect(titles(`q=${encodeURIComponent('বোর্ড'.normalize('NFC'))}`)).toEqual([title])
    expect(titles(`q=${encodeURIComponent('বোর্ড'.normalize('NFD'))}`)).toEqual([title])
  })

  it('matches English words by prefix, ignoring case and accents; every word must match', () => {
    expect(titles('q=learn')).toEqual(['Machine Learning Workshop', 'Data Day'])
    expect(titles('q=MACHINE+learn')).toEqual(['Machine Learning Workshop', 'Data Day'])
    expect(titles('q=machine+robots')).toEqual([])
    expect(titles('q=cafe&when=past')).toEqual(['Café Night: Coding'])
    expect(titles('q=CAFÉ&when=past')).toEqual(['Café Night: Coding'])
  })

  it('ranks a match in the title above one in the description; by date on request', () => {
    expect(titles('q=machine+learning')).toEqual(['Machine Learning Workshop', 'Data Day'])
    expect(titles('q=machine+learning&sort=date')).toEqual(['Data Day', 'Machine Learning Workshop'])
  })

  it('searches location, host and the owning chapter’s name', () => {
    expect(titles('q=chattogram')).toEqual(['Web Development Bootcamp'])
    expect(titles('q=karnaphuli')).toEqual(['Web Development Bootcamp'])
    expect(titles('q=meghna&sort=date')).toEqual([
      'Data Day',
      'Web Development Bootcamp',
      'Machine Learning Workshop',
    ])
  })

  it('the index follows edits, deletions, a renamed chapter and a deleted one', () => {
    const temporary = add('temporary', meghna, { title: 'Quantum Basics', eventDate: dayFromToday(3) })
    expect(titles('q=quantum')).toEqual(['Quantum Basics'])
    updateEvent(app.db, temporary.id, fields({ title: 'Photonics Basics', eventDate: dayFromToday(3) }))
    expect(titles('q=quantum')).toEqual([])
    expect(titles('q=photonics')).toEqual(['Photonics Basics'])
    deleteEvent(app.db, temporary.id)
    delete seen.temporary
    expect(titles('q=photonics')).toEqual([])

    const other = createChapterWithOfficer(app.db, {
      name: 'Surma Chapter',
      email: 'surma@example.org',
      passwordHash: 'not a real hash',
    }).chapter
    createEvent(app.db, other.id, fields({ title: 'River Talk', eventDate: dayFromToday(4) }))
    expect(titles('q=surma')).toEqual(['River Talk'])
    updateChapter(app.db, other, { name: 'Kushiyara Chapter', email: 'surma@example.org', phone: '' })
    expect(titles('q=surma')).toEqual([])
    expect(titles('q=kushiyara')).toEqual(['River Talk'])
    deleteChapter(app.db, other.id)
    expect(titles('q=river')).toEqual([])

    const sqlite = app.db.$client
    expect(sqlite.prepare('SELECT count(*) FROM events_search').pluck().get()).toBe(
      sqlite.prepare('SELECT count(*) FROM events').pluck().get(),
    )
    expect(() =>
      sqlite.prepare("INSERT INTO events_search(events_search) VALUES('integrity-check')").run(),
    ).not.toThrow()
  })
})

describe('filters', () => {
  it('upcoming by default, soonest first; past newest first', () => {
    expect(titles('')).toEqual([
      'Data Day',
      'Web Development Bootcamp',
      'মেশিন লার্নিং কর্মশালা',
      'Machine Learning Workshop',
      'বোর্ড সভা'.normalize('NFD'),
    ])
    expect(titles('when=past')).toEqual(['Robotics Seminar', 'Café Night: Coding'])
  })

  it('online or offline, free or paid, a chapter, a date range, registration open', () => {
    expect(titles('mode=online')).toEqual(['Machine Learning Workshop'])
    expect(titles('mode=online&when=past')).toEqual(['Café Night: Coding'])
    expect(titles('fees=paid')).toEqual(['Web Development Bootcamp', 'Machine Learning Workshop'])
    expect(titles('fees=free&mode=offline')).toEqual([
      'Data Day',
      'মেশিন লার্নিং কর্মশালা',
      'বোর্ড সভা'.normalize('NFD'),
    ])
    expect(titles(`chapter=${padma.slug}`)).toEqual(['মেশিন লার্নিং কর্মশালা', 'বোর্ড সভা'.normalize('NFD')])
    expect(titles(`chapter=${padma.slug}&when=past`)).toEqual(['Robotics Seminar'])
    expect(titles('chapter=no-such-chapter')).toEqual([])
    expect(titles(`from=${dayFromToday(2)}&to=${dayFromToday(5)}`)).toEqual([
      'Web Development Bootcamp',
      'মেশিন লার্নিং কর্মশালা',
    ])
    // Registration open: upcoming with a registration link (all of them here); never a past event.
    expect(titles('registration=open')).toHaveLength(5)
    expect(titles('registration=open&when=past')).toEqual([])
  })

  it('pages by keyset without gaps or repeats, both ways', () => {
    const owner = createChapterWithOfficer(app.db, {
      name: 'Paging Chapter',
      email: 'paging@example.org',
      passwordHash: 'not a real hash',
    }).chapter
    for (let i = 0; i < 9; i++) {
      createEvent(app.db, owner.id, fields({ title: `Later ${i}`, eventDate: dayFromToday(60 + (i % 3)) }))
      createEvent(app.db, owner.id, fields({ title: `Earlier ${i}`, eventDate: dayFromToday(-60 - (i % 3)) }))
    }
    for (const when of ['upcoming', 'past'] as const) {
      const all = findEvents(
        app.db,
        readEventListQuery(new URLSearchParams(`chapter=${owner.slug}&when=${when}`)),
        {
          today,
          limit: 100,
        },
      ).events.map((event) => event.id)
      expect(all).toHaveLength(9)
      const paged: string[] = []
      let query = readEventListQuery(new URLSearchParams(`chapter=${owner.slug}&when=${when}`))
      for (;;) {
        const page = findEvents(app.db, query, { today, limit: 4 })
        paged.push(...page.events.map((event) => event.id))
        if (!page.next) break
        query = {
          ...query,
          after: when === 'upcoming' ? page.next : null,
          before: when === 'past' ? page.next : null,
        }
      }
      expect(paged).toEqual(all)
    }
  })
})

/** The text of the front cache's strong ETag: the same for every URL answered from one entry. */
const etagOf = async (path: string) => {
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  await response.arrayBuffer()
  return response.headers.get('etag')
}

describe('/events with filters', () => {
  it('shows the results, the chips (each a link without it) and the feed of the filtered view', async () => {
    const html = await (await app.request(`/events?q=${encodeURIComponent('লার্নিং')}&mode=offline`)).text()
    expect(html).toContain('মেশিন লার্নিং কর্মশালা')
    expect(html).not.toContain('Machine Learning Workshop')
    expect(html).toContain('Keyword: লার্নিং')
    expect(html).toMatch(/href="\/events\?mode=offline"[^>]*>.*Remove filter .*Keyword: লার্নিং/s)
    expect(html).toContain(`href="/events?q=${encodeURIComponent('লার্নিং').replace(/%20/g, '+')}"`)
    expect(html).toContain('name="q"')
    expect(html).toContain(`href="webcal://chapter.example.org/events.ics?mode=offline&amp;q=`)
    expect(html).toContain('aria-current="page"')
  })

  it('an empty result says so and offers to clear the filters or look in the past', async () => {
    const html = await (await app.request('/events?q=zebra')).text()
    expect(html).toContain('No upcoming events match these filters.')
    expect(html).toMatch(/href="\/events"[^>]*>Clear all filters/)
    expect(html).toContain('href="/events?q=zebra&amp;when=past"')
  })

  it('the archive: past events, newest first', async () => {
    const html = await (await app.request('/events?when=past')).text()
    expect(html).toContain('Past events')
    expect(html.indexOf('Robotics Seminar')).toBeLessThan(html.indexOf('Café Night: Coding'))
    expect(html).not.toContain('Data Day')
  })

  it('is kept once per canonical URL: other spellings and unknown parameters are answered from it', async () => {
    app.frontCache?.invalidate()
    const tag = await etagOf('/events?mode=online&q=machine')
    expect(app.frontCache?.get('/events?mode=online&q=machine')).toBeDefined()
    const stored = app.frontCache?.size
    const hits = app.frontCache?.stats.hits ?? 0
    for (const spelling of [
      '/events?q=machine&mode=online',
      '/events?q=+machine+&mode=ONLINE&x=1',
      '/events?q=machine&mode=online&fees=&when=upcoming&sort=relevance&utm_source=mail',
    ])
      expect(await etagOf(spelling), spelling).toBe(tag)
    expect(app.frontCache?.size).toBe(stored)
    // Answered by the front cache itself, before Express: no render for another spelling.
    expect(app.frontCache?.stats.hits).toBe(hits + 3)
  })
})

describe('the month calendar', () => {
  it('a table with a caption, day headers, today marked, events as links, other months linked', async () => {
    const month = monthOf(today)
    const response = await app.request(`/events/calendar/${month}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<caption[^>]*>Events in \w+ \d{4}, by day<\/caption>/)
    expect(html.match(/<th scope="col"/g)).toHaveLength(7)
    expect(html).toContain('Sunday')
    expect(html).toMatch(new RegExp(`<td aria-current="date"[^>]*>.*?<time dateTime="${today}"`, 's'))
    for (const event of Object.values(seen).filter((item) => monthOf(item.eventDate) === month))
      expect(html).toContain(`href="/events/${event.id}"`)
    expect(html).toMatch(/rel="prev"/)
    expect(html).toMatch(/rel="next"/)
  })

  it('applies the filters, to its links to other months too; a busy day shows 3 and links the rest', async () => {
    const day = dayFromToday(20)
    for (let i = 0; i < 5; i++)
      createEvent(
        app.db,
        padma.id,
        fields({ title: `Busy ${i}`, eventDate: day, startTime: `1${i}:00`, endTime: `1${i}:45` }),
      )
    app.frontCache?.invalidate()
    const html = await (await app.request(`/events/calendar/${monthOf(day)}?chapter=${padma.slug}`)).text()
    for (const i of [0, 1, 2]) expect(html).toContain(`Busy ${i}`)
    expect(html).not.toContain('Busy 3')
    expect(html).toContain(`href="/events?chapter=${padma.slug}&amp;from=${day}&amp;to=${day}"`)
    expect(html).toContain('2 more')
    expect(html).not.toContain('Machine Learning Workshop')
    expect(html).toMatch(
      new RegExp(`href="/events/calendar/\\d{4}-\\d{2}\\?chapter=${padma.slug}" rel="next"`),
    )
    expect(html).toContain('Chapter: Padma University Student Branch')
  })

  it('an impossible month is the 404 page; /events/calendar goes to this month, filters kept', async () => {
    for (const path of ['/events/calendar/2026-13', '/events/calendar/20261', '/events/calendar/0999-01'])
      expect((await app.request(path)).status, path).toBe(404)
    const response = await app.request('/events/calendar?q=ml&x=1', { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(new RegExp(`/events/calendar/${monthOf(today)}\\?q=ml$`))
  })

  it('the chapter landing links to its calendar and its upcoming events', async () => {
    const html = await (await app.request(`/chapter/${padma.slug}`)).text()
    expect(html).toContain(`href="/events/calendar/${monthOf(today)}?chapter=${padma.slug}"`)
    expect(html).toContain(`href="/events?chapter=${padma.slug}"`)
  })
})

/**
 * A strict reading of the iCalendar text (RFC 5545) beyond what ical.js tolerates: CRLF line ends, lines of
 * at most 75 octets, BEGIN and END nested, the properties a calendar and an event must have.
 */
function checkStrictly(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true)
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  const lines = ics.slice(0, -2).split('\r\n')
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75)
  const unfolded = ics.replace(/\r\n /g, '').slice(0, -2).split('\r\n')
  const open: string[] = []
  for (const line of unfolded) {
    expect(line).toMatch(/^[A-Z-]+[;:]/)
    if (line.startsWith('BEGIN:')) open.push(line.slice(6))
    if (line.startsWith('END:')) expect(open.pop()).toBe(line.slice(4))
  }
  expect(open).toEqual([])
  expect(unfolded.slice(0, 1)).toEqual(['BEGIN:VCALENDAR'])
  for (const required of ['VERSION:2.0', 'PRODID:'])
    expect(unfolded.some((line) => line.startsWith(required))).toBe(true)
}

/** The feed at `path`, parsed by ical.js: its events' summaries, in order. */
async function feedSummaries(path: string): Promise<string[]> {
  const response = await app.request(path)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar; charset=utf-8/)
  const ics = await response.text()
  checkStrictly(ics)
  const calendar = new ICAL.Component(ICAL.parse(ics))
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    for (const property of ['uid', 'dtstamp', 'dtstart'])
      expect(component.getFirstPropertyValue(property), property).toBeTruthy()
    // An end, when there is one, is after the start (RFC 5545); none is a moment.
    if (component.hasProperty('dtend')) expect(event.startDate.compare(event.endDate)).toBeLessThan(0)
    return event.summary
  })
}

describe('calendar feeds', () => {
  it('every filtered view has its feed, which parses and holds exactly the view’s events', async () => {
    expect(await feedSummaries('/events.ics?mode=online')).toEqual(['Machine Learning Workshop'])
    expect(await feedSummaries(`/events.ics?q=${encodeURIComponent('লার্নিং')}`)).toEqual(['মেশিন লার্নিং কর্মশালা'])
    expect(await feedSummaries('/events.ics?q=cafe&when=past')).toEqual(['Café Night: Coding'])
    expect(await feedSummaries(`/events.ics?chapter=${padma.slug}&when=past`)).toEqual(['Robotics Seminar'])
    expect(await feedSummaries('/events.ics?q=zebra')).toEqual([])
    const all = await feedSummaries('/events.ics')
    expect(all).toContain('Data Day')
    expect(all).not.toContain('Robotics Seminar')
  })

  it('an event whose end is its start has no DTEND (RFC 5545 wants an end after the start)', async () => {
    createEvent(
      app.db,
      padma.id,
      fields({
        title: 'Moment of silence',
        eventDate: dayFromToday(6),
        startTime: '09:00',
        endTime: '09:00',
      }),
    )
    expect(await feedSummaries('/events.ics?q=moment')).toEqual(['Moment of silence'])
  })

  it('the sitemap lists this month’s calendar, not the endless filtered views', async () => {
    const xml = await (await app.request('/sitemap.xml')).text()
    expect(xml).toContain(`<loc>https://chapter.example.org/events/calendar/${monthOf(today)}</loc>`)
    expect(xml).not.toMatch(/<loc>[^<]*\?/)
  })
})

describe('the event page', () => {
  it('adds to Google Calendar and Outlook besides the .ics; an offline event’s place links to OpenStreetMap', async () => {
    const offline = seen.bengali as Event
    const html = await (await app.request(`/events/${offline.id}`)).text()
    expect(html).toContain(`href="/events/${offline.id}.ics"`)
    expect(html).toMatch(/href="https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&amp;text=/)
    expect(html).toContain('href="https://outlook.live.com/calendar/0/deeplink/compose?')
    expect(html).toContain('href="https://outlook.office.com/calendar/0/deeplink/compose?')
    expect(html).toContain(`href="https://www.openstreetmap.org/search?query=${encodeURIComponent('ঢাকা')}`)
    const online = seen.ml as Event
    expect(await (await app.request(`/events/${online.id}`)).text()).not.toContain('openstreetmap.org')
  })
})

describe('the bound on filtered pages', () => {
  it('random keywords cannot fill the cache: at most maxQueryPages, the site’s own pages stay', async () => {
    const small = await startTestApp({ pages: 'production', frontCache: { maxQueryPages: 3 } })
    try {
      await small.request('/about').then((response) => response.arrayBuffer())
      for (let i = 0; i < 12; i++)
        await small.request(`/events?q=random${i}${Date.now()}`).then((response) => response.arrayBuffer())
      expect(small.frontCache?.queryPages).toBe(3)
      expect(small.frontCache?.get('/about')).toBeDefined()
      // The most recent ones are kept.
      expect(small.frontCache?.stats.evicted).toBeGreaterThanOrEqual(9)
    } finally {
      await small.close()
    }
  })
})
