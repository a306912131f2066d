import { describe, expect, it } from 'vitest'
import { weeksOf } from '#components/events/calendar-grid'
import { dayName, monthName } from '#components/shared/dates'
import {
  canonicalEventFilterParameters,
  canonicalEventListParameters,
  eventListParameters,
  isCalendarDay,
  NO_EVENT_FILTERS,
  readEventFilters,
  readEventListQuery,
} from '#db/event-filters'
import {
  calendarUrl,
  feedUrls,
  filteredListUrl,
  googleCalendarUrl,
  openStreetMapUrl,
  outlookCalendarUrl,
} from '#db/event-links'
import { keywordMatch } from '#db/queries/event-finder.server'

/** docs/decisions/062-event-filters-in-the-url.md: the filters read leniently and written one way. */

const canonical = (query: string) => canonicalEventListParameters(new URLSearchParams(query)).toString()

describe('reading the filters of a URL', () => {
  it('reads every filter, trims and tidies the keyword, and reads nothing else', () => {
    const query = readEventListQuery(
      new URLSearchParams(
        'q=+Machine%0A+learning++&from=2026-12-01&to=2026-12-31&chapter=Padma-SB&mode=ONLINE&fees=free&registration=open&x=1',
      ),
    )
    expect(query).toEqual({
      q: 'Machine learning',
      from: '2026-12-01',
      to: '2026-12-31',
      chapter: 'padma-sb',
      mode: 'online',
      fees: 'free',
      registration: 'open',
      when: 'upcoming',
      sort: 'relevance',
      after: null,
      before: null,
      page: 1,
    })
  })

  it('leaves out what makes no sense instead of failing', () => {
    const query = readEventListQuery(
      new URLSearchParams(
        'q=%21%21%21&from=2026-02-30&to=tomorrow&chapter=..%2Fetc&mode=hybrid&fees=cheap&registration=yes&when=later&sort=best&page=-2&before=x',
      ),
    )
    expect(query).toEqual({
      ...NO_EVENT_FILTERS,
      when: 'upcoming',
      sort: 'date',
      after: null,
      before: null,
      page: 1,
    })
  })

  it('a range given backwards is read forwards; a day must exist', () => {
    expect(readEventFilters(new URLSearchParams('from=2026-12-31&to=2026-12-01'))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    })
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2027-02-29')).toBe(false)
    expect(isCalendarDay('0999-01-01')).toBe(false)
  })

  it('a keyword is cut to 100 characters; the search uses at most 8 of its words', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const query = readEventFilters(new URLSearchParams({ q: long }))
    expect(query.q?.length).toBeLessThanOrEqual(100)
    expect(keywordMatch(query.q ?? '')?.split(' ')).toHaveLength(8)
  })

  it('a before cursor means the past; an after cursor only fits the upcoming list; a page only fits relevance', () => {
    const cursor = '2026-01-05_10:00_abc123'
    expect(readEventListQuery(new URLSearchParams(`before=${cursor}`))).toMatchObject({
      when: 'past',
      before: { eventDate: '2026-01-05', startTime: '10:00', id: 'abc123' },
    })
    expect(readEventListQuery(new URLSearchParams(`when=past&after=${cursor}`)).after).toBeNull()
    expect(readEventListQuery(new URLSearchParams('page=3')).page).toBe(1)
    expect(readEventListQuery(new URLSearchParams('q=ml&page=3')).page).toBe(3)
    expect(readEventListQuery(new URLSearchParams('q=ml&page=9999')).page).toBe(50)
    expect(readEventListQuery(new URLSearchParams(`q=ml&after=${cursor}`)).after).toBeNull()
    expect(readEventListQuery(new URLSearchParams(`q=ml&sort=date&after=${cursor}`)).after).not.toBeNull()
  })
})

describe('the canonical form (the front cache key)', () => {
  it('sorts, drops defaults, empty fields and unknown parameters', () => {
    expect(canonical('mode=online&q=ml')).toBe('mode=online&q=ml')
    expect(canonical('q=ml&mode=online')).toBe('mode=online&q=ml')
    expect(canonical('q=&from=&to=&chapter=&mode=&fees=&when=upcoming&sort=relevance&utm=1')).toBe('')
    expect(canonical('q=+ml+&sort=relevance&page=1')).toBe('q=ml')
    expect(canonical('q=ml&sort=date')).toBe('q=ml&sort=date')
    expect(canonical('sort=date')).toBe('')
    expect(canonical('when=past')).toBe('when=past')
    expect(canonical('when=past&before=2026-01-05_10:00_abc')).toBe('before=2026-01-05_10%3A00_abc')
  })

  it('is a fixed point: the canonical form of a canonical form is itself', () => {
    for (const query of [
      'q=মেশিন+লার্নিং&chapter=x&fees=paid&registration=open',
      'when=past&before=2026-01-05_10:00_abc&mode=offline',
      'q=ml&sort=date&after=2026-01-05_10:00_abc',
      'q=ml&page=4&from=2026-02-01&to=2026-01-01',
      'x=1&y=2',
    ]) {
      const once = canonical(query)
      expect(canonical(once), query).toBe(once)
      expect(eventListParameters(readEventListQuery(new URLSearchParams(once))).toString()).toBe(once)
    }
    const filters = canonicalEventFilterParameters(new URLSearchParams('when=past&q=ml&page=2')).toString()
    expect(filters).toBe('q=ml')
  })
})

describe('the keyword as an FTS5 query', () => {
  it('quotes every word, as a prefix from two letters on, so nothing typed is query syntax', () => {
    expect(keywordMatch('Machine learning')).toBe('"Machine"* "learning"*')
    expect(keywordMatch('c++ "OR" NEAR(x)')).toBe('"c" "OR"* "NEAR"* "x"')
    expect(keywordMatch('মেশিন লার্নিং')).toBe('"মেশিন"* "লার্নিং"*')
    expect(keywordMatch('***')).toBeNull()
  })

  it('a word that decomposes is searched in both forms (Bengali o-kar typed as two signs)', () => {
    const composed = 'বোর্ড'.normalize('NFC')
    expect(keywordMatch(composed)).toBe(`("${composed}"* OR "${composed.normalize('NFD')}"*)`)
  })
})

describe('links', () => {
  const event = {
    _id: 'abc',
    title: 'ML, Day 1',
    description: 'Bring a laptop.',
    location: 'Hall 1, Dhaka',
    eventDate: '2026-12-31',
    startTime: '22:00',
    endTime: '01:00',
  }

  it('list, calendar and feed URLs carry the filters canonically', () => {
    const filters = { ...NO_EVENT_FILTERS, q: 'ml', chapter: 'padma' }
    expect(filteredListUrl(filters)).toBe('/events?chapter=padma&q=ml')
    expect(filteredListUrl(filters, 'past')).toBe('/events?chapter=padma&q=ml&when=past')
    expect(filteredListUrl(NO_EVENT_FILTERS)).toBe('/events')
    expect(calendarUrl('2026-12', filters)).toBe('/events/calendar/2026-12?chapter=padma&q=ml')
    expect(feedUrls('https://chapter.example.org', filters)).toEqual({
      path: '/events.ics?chapter=padma&q=ml',
      https: 'https://chapter.example.org/events.ics?chapter=padma&q=ml',
      webcal: 'webcal://chapter.example.org/events.ics?chapter=padma&q=ml',
    })
    expect(feedUrls('http://localhost:3000', NO_EVENT_FILTERS, 'past').webcal).toBe(
      'webcal://localhost:3000/events.ics?when=past',
    )
  })

  it('Google Calendar and Outlook get the floating local times, past midnight on the next day', () => {
    const google = new URL(googleCalendarUrl(event, 'https://chapter.example.org'))
    expect(google.origin).toBe('https://calendar.google.com')
    expect(google.searchParams.get('action')).toBe('TEMPLATE')
    expect(google.searchParams.get('text')).toBe('ML, Day 1')
    expect(google.searchParams.get('dates')).toBe('20261231T220000/20270101T010000')
    expect(google.searchParams.get('location')).toBe('Hall 1, Dhaka')
    expect(google.searchParams.get('details')).toContain('https://chapter.example.org/events/abc')
    expect(google.searchParams.has('ctz')).toBe(false)
    for (const host of ['outlook.live.com', 'outlook.office.com'] as const) {
      const outlook = new URL(outlookCalendarUrl(event, 'https://chapter.example.org', host))
      expect(outlook.host).toBe(host)
      expect(outlook.pathname).toBe('/calendar/0/deeplink/compose')
      expect(outlook.searchParams.get('subject')).toBe('ML, Day 1')
      expect(outlook.searchParams.get('startdt')).toBe('2026-12-31T22:00:00')
      expect(outlook.searchParams.get('enddt')).toBe('2027-01-01T01:00:00')
    }
    expect(openStreetMapUrl('Hall 1, Dhaka')).toBe(
      'https://www.openstreetmap.org/search?query=Hall+1%2C+Dhaka',
    )
  })
})

describe('the month grid', () => {
  it('weeks from Sunday, blanks before the 1st and after the last day', () => {
    const weeks = weeksOf('2026-11')
    expect(weeks).toHaveLength(5)
    expect(weeks[0]).toEqual([
      '2026-11-01',
      ...['02', '03', '04', '05', '06', '07'].map((d) => `2026-11-${d}`),
    ])
    expect(weeks[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null])
    const february = weeksOf('2026-02')
    expect(february).toHaveLength(4)
    expect(weeksOf('2026-08')).toHaveLength(6)
    expect(weeksOf('2026-08')[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null])
    expect(monthName('2026-11')).toBe('November 2026')
    expect(dayName('2026-11-25')).toBe('Wednesday 25 November')
  })
})
