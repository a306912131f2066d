import { describe, expect, it } from 'vitest'
import { countdownParts } from '#components/countdown/countdown-parts'
import { formatDateTime } from '#components/shared/dates'
import { renderMarkdown } from '#components/shared/markdown'
import { hasSignedInHint } from '#components/shared/signed-in-hint'
import { plural, toParagraphs, truncateText, truncateWords } from '#components/shared/words'
import { youtubeVideoId } from '#components/shared/youtube'
import { initialsOf } from '#components/ui/Avatar'
import { decodeCursor, encodeCursor } from '#db/queries/public-events.server'
import { buildCalendar, escapeIcalText, foldLine } from '#server/ical.server'

describe('truncateWords', () => {
  it('keeps the first n words and adds ... only when something was cut', () => {
    const text = Array.from({ length: 25 }, (_, i) => `w${i + 1}`).join(' ')
    expect(truncateWords(text, 20)).toBe(`${Array.from({ length: 20 }, (_, i) => `w${i + 1}`).join(' ')}...`)
    expect(truncateWords('short text here', 20)).toBe('short text here')
    expect(truncateWords('  line\none\n\n two  ', 2)).toBe('line one...')
    expect(truncateWords('', 30)).toBe('')
  })

  it('cuts meta descriptions at a word and splits paragraphs at line breaks', () => {
    expect(truncateText('one two three four', 12)).toBe('one two…')
    expect(truncateText('short', 160)).toBe('short')
    expect(toParagraphs('First.\n\nSecond.\r\nThird.\n\n\n')).toEqual(['First.', 'Second.', 'Third.'])
  })
})

describe('plural', () => {
  it('puts the count before its noun, with an s unless the count is 1', () => {
    expect(plural(0, 'event')).toBe('0 events')
    expect(plural(1, 'event')).toBe('1 event')
    expect(plural(2, 'executive committee member')).toBe('2 executive committee members')
  })
})

describe('formatDateTime', () => {
  it("writes a moment in the console's format, and the inbox's numeric one, in the site's time zone", () => {
    // 05:45 UTC is 11:45 in Dhaka and 21:45 the evening before in Los Angeles, whatever the process's own zone.
    const moment = '2026-11-25T05:45:00.000Z'
    expect(formatDateTime(moment, 'Asia/Dhaka')).toBe('25 Nov 2026, 11:45')
    expect(formatDateTime(moment, 'Asia/Dhaka', 'numeric')).toBe('2026-11-25 11:45')
    expect(formatDateTime(moment, 'America/Los_Angeles', 'numeric')).toBe('2026-11-24 21:45')
    expect(formatDateTime('2026-01-05T03:07:00Z', 'Asia/Dhaka', 'numeric')).toBe('2026-01-05 09:07')
    expect(formatDateTime('2026-01-04T18:00:00Z', 'Asia/Dhaka', 'numeric')).toBe('2026-01-05 00:00')
  })
})

describe('the signed-in hint', () => {
  it('is read under the name the server sets: __Host-signed_in on an https page, signed_in otherwise', () => {
    expect(hasSignedInHint('theme=dark; signed_in=1', false)).toBe(true)
    expect(hasSignedInHint('__Host-signed_in=1; theme=dark', true)).toBe(true)
    // A plain hint on an https page is a leftover (or planted by another host): not a session.
    expect(hasSignedInHint('signed_in=1', true)).toBe(false)
    expect(hasSignedInHint('__Host-signed_in=1', false)).toBe(false)
    expect(hasSignedInHint('signed_in=0; xsigned_in=1', false)).toBe(false)
  })
})

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aircAruvnKk', 'aircAruvnKk'],
    ['https://www.youtube.com/watch?feature=share&v=aircAruvnKk&t=30', 'aircAruvnKk'],
    ['https://m.youtube.com/watch?v=aircAruvnKk', 'aircAruvnKk'],
    ['https://youtu.be/rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://youtu.be/rfscVS0vtbw?si=abc', 'rfscVS0vtbw'],
    ['https://www.youtube.com/embed/rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://www.youtube.com/shorts/rfscVS0vtbw', 'rfscVS0vtbw'],
    ['youtube.com/watch?v=aircAruvnKk', 'aircAruvnKk'],
  ])('%s -> %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id)
  })

  it.each([
    '',
    '   ',
    'https://www.youtube.com/',
    'https://example.org/watch?v=short',
    'https://youtu.be/',
    'https://www.youtube.com/watch?v=<script>x',
  ])('finds no video in %j', (url) => {
    expect(youtubeVideoId(url)).toBeNull()
  })
})

describe('countdownParts', () => {
  it('splits the time left into days, hours, mins and secs', () => {
    const now = Date.UTC(2024, 0, 1)
    const target = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 3, mins: 4, secs: 5 })
  })

  it('is clamped at zero once the target has passed', () => {
    expect(countdownParts(0, Date.now())).toEqual({ days: 0, hours: 0, mins: 0, secs: 0 })
  })
})

describe('initials avatar', () => {
  it('takes the first and last initials, skipping titles', () => {
    expect(initialsOf('Nadia Rahman')).toBe('NR')
    expect(initialsOf('Dr. Tahmina Akter Chowdhury')).toBe('TC')
    expect(initialsOf('Prof. Arif')).toBe('A')
    expect(initialsOf('')).toBe('?')
  })
})

describe('event cursors', () => {
  it('round-trip and refuse anything else', () => {
    const cursor = { eventDate: '2024-05-01', startTime: '10:00', id: 'abc123' }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    expect(decodeCursor('2024-05-01_10:00')).toBeNull()
    expect(decodeCursor("2024-05-01_10:00_x' OR 1=1")).toBeNull()
    expect(decodeCursor(undefined)).toBeNull()
  })
})

describe('markdown', () => {
  it('renders Markdown and shows raw HTML as text', () => {
    const html = renderMarkdown(
      '## Title\n\n**bold** <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>',
    )
    expect(html).toContain('<h2>Title</h2>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).not.toMatch(/<script|<img/)
    expect(html).toContain('&lt;script&gt;')
  })

  it('drops links and pictures with unsafe targets', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) [ok](/contact) ![x](javascript:alert(1))')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<a href="/contact">ok</a>')
    expect(html).toContain('click')
  })
})

describe('iCalendar', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeIcalText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'ক'.repeat(40)}`)
    const lines = folded.split('\r\n')
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true)
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'ক'.repeat(40)}`,
    )
    expect(foldLine('SHORT:line')).toBe('SHORT:line')
  })

  it('writes times in UTC, never floating, and a calendar with CRLF line ends', () => {
    const calendar = buildCalendar('Events, all', [
      {
        uid: 'abc@example.org',
        title: 'Night; coding, jam',
        description: 'Line one\nLine two',
        location: 'Lab 1',
        // 22:00 to 02:00 in Dhaka.
        start: new Date('2024-01-27T16:00:00Z'),
        end: new Date('2024-01-27T20:00:00Z'),
        url: 'https://example.org/events/abc',
        updatedAt: new Date('2024-01-01T00:00:00Z'),
      },
    ])
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(calendar).toContain('X-WR-CALNAME:Events\\, all\r\n')
    expect(calendar).toContain('SUMMARY:Night\\; coding\\, jam\r\n')
    expect(calendar).toContain('DESCRIPTION:Line one\\nLine two\r\n')
    expect(calendar).toContain('DTSTART:20240127T160000Z\r\n')
    expect(calendar).toContain('DTEND:20240127T200000Z\r\n')
    expect(calendar).toContain('DTSTAMP:20240101T000000Z\r\n')
  })
})
