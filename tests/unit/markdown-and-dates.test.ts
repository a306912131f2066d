import { describe, expect, it } from 'vitest'
import {
  eventWhenText,
  formatDate,
  formatEventWhen,
  formatLocalDateTime,
  longDate,
  longDateTime,
  longMoment,
  monthName,
} from '#components/shared/dates'
import { formatFees } from '#components/shared/fees'
import { markdownToPlainText, renderDescription, renderMarkdown } from '#components/shared/markdown'

describe('event descriptions in Markdown', () => {
  it('formats headings (under the page’s own), bold, lists and links', () => {
    const html = renderDescription(
      '# Plan\n\n## Morning\n\nBring **a laptop** and *patience*.\n\n- one\n- two\n\n1. first\n\nSee [the judge](https://judge.example.org "Judge").',
    )
    expect(html).toContain('<h3>Plan</h3>')
    expect(html).toContain('<h4>Morning</h4>')
    expect(html).toContain('<strong>a laptop</strong>')
    expect(html).toContain('<em>patience</em>')
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/)
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/)
    expect(html).toContain(
      '<a href="https://judge.example.org" title="Judge" rel="nofollow noopener">the judge</a>',
    )
  })

  it('numbers headings from h3 in the order of their depth, none skipped', () => {
    expect(renderDescription('## Only level two')).toBe('<h3>Only level two</h3>\n')
    expect(renderDescription('# A\n\n### B\n\n###### C\n\n# D')).toBe(
      '<h3>A</h3>\n<h4>B</h4>\n<h5>C</h5>\n<h3>D</h3>\n',
    )
    expect(renderDescription('> ## Quoted\n\n- # In a list')).toContain('<h4>Quoted</h4>')
  })

  it('keeps a line break a line break, as in the plain descriptions written before Markdown', () => {
    expect(renderDescription('Line one\nline two\n\nNext paragraph')).toBe(
      '<p>Line one<br>line two</p>\n<p>Next paragraph</p>\n',
    )
    expect(markdownToPlainText('Line one\nline two')).toBe('Line one\nline two')
  })

  it('lets no raw HTML through: script tags, event handlers and tags are shown as text', () => {
    const html = renderDescription(
      '<script>alert(1)</script>\n\nText <img src=x onerror="alert(2)"> and <b onclick="x()">bold</b>.\n\n<iframe src="https://evil.example"></iframe>\n\n<style>body{display:none}</style>',
    )
    expect(html).not.toMatch(/<(script|img|b|iframe|style)\b/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;')
    expect(html).toContain('&lt;iframe')
  })

  it('drops links to javascript:, data: and other unsafe targets, keeping their words', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/path',
    ]) {
      const html = renderDescription(`Click [here](${href}) now.`)
      expect(html, href).not.toContain('<a')
      expect(html, href).toContain('here')
    }
    // An autolink to javascript: is no link either.
    expect(renderDescription('<javascript:alert(1)>')).not.toContain('<a')
    // Safe targets stay links, each with rel="nofollow noopener".
    for (const href of [
      'https://example.org/a?b=1&c=2',
      'http://example.org',
      'mailto:a@example.org',
      '/events',
    ]) {
      expect(renderDescription(`[x](${href})`), href).toMatch(
        /<a href="[^"]+" rel="nofollow noopener">x<\/a>/,
      )
    }
    expect(renderDescription('[x](https://example.org/a?b=1&c=2)')).toContain(
      'href="https://example.org/a?b=1&amp;c=2"',
    )
    expect(renderDescription('<https://example.org>')).toContain('rel="nofollow noopener"')
  })

  it('shows pictures only from this site’s uploads or https, others as their words', () => {
    expect(renderDescription('![poster](/uploads/abc.webp)')).toContain(
      '<img src="/uploads/abc.webp" alt="poster"',
    )
    expect(renderDescription('![poster](https://example.org/p.png)')).toContain(
      '<img src="https://example.org/p.png"',
    )
    for (const src of ['http://example.org/p.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA']) {
      const html = renderDescription(`![poster](${src})`)
      expect(html, src).not.toContain('<img')
      expect(html, src).toContain('poster')
    }
  })

  it('attributes cannot be broken out of', () => {
    const html = renderDescription('[x](https://example.org/"onmouseover="alert(1) "t"onclick="y")')
    expect(html).not.toMatch(/"\s*on\w+="/)
  })

  it('becomes plain text for cards, feeds and meta descriptions', () => {
    const source =
      '# Plan\n\nBring **a laptop** & [your notes](https://example.org).\n\n- one\n- two\n\n<script>alert(1)</script>\n\n`code` and 5 < 6'
    const text = markdownToPlainText(source)
    expect(text).toBe('Plan\n\nBring a laptop & your notes.\n\none\ntwo\n\nalert(1)\n\ncode and 5 < 6')
    expect(text).not.toMatch(/[*#[\]]|<script|&amp;|https:/)
    expect(markdownToPlainText('Just one line.')).toBe('Just one line.')
  })

  it('the blog keeps its own renderer', () => {
    expect(renderMarkdown('## Heading\n\n[x](javascript:alert(1))')).toBe('<h2>Heading</h2>\n<p>x</p>\n')
  })
})

describe('public dates and fees', () => {
  it('writes dates as "Sat, 7 Dec 2026" and events as "Sat, 7 Dec 2026 · 10:00-16:00"', () => {
    expect(formatDate('2026-12-05')).toBe('Sat, 5 Dec 2026')
    expect(formatDate('2026-12-07')).toBe('Mon, 7 Dec 2026')
    expect(formatDate('2024-02-29')).toBe('Thu, 29 Feb 2024')
    expect(formatDate('2000-01-01')).toBe('Sat, 1 Jan 2000')
    expect(formatEventWhen({ eventDate: '2026-12-05', startTime: '10:00', endTime: '16:00' })).toBe(
      'Sat, 5 Dec 2026 · 10:00-16:00',
    )
    // Not a date: shown as it is rather than as a wrong one.
    expect(formatDate('soon')).toBe('soon')
    expect(formatDate('2026-13-01')).toBe('2026-13-01')
  })

  it("one format per context: the public site short, mails and certificates long, moments in the site's zone", () => {
    expect(formatLocalDateTime('2026-12-01T10:00')).toBe('Tue, 1 Dec 2026, 10:00')
    expect(longDate('2026-12-01')).toBe('1 December 2026')
    expect(longDateTime('2026-12-01T10:00')).toBe('Tuesday 1 December 2026, 10:00')
    expect(
      eventWhenText({ eventDate: '2026-12-01', startTime: '10:00', endTime: '12:30' }, 'Asia/Dhaka'),
    ).toBe('Tuesday 1 December 2026, 10:00 to 12:30 (Asia/Dhaka time)')
    // An end at or before the start is the next morning, and says its day.
    expect(
      eventWhenText({ eventDate: '2026-12-31', startTime: '22:00', endTime: '01:00' }, 'Asia/Dhaka'),
    ).toBe('Thursday 31 December 2026, 22:00 to Friday 1 January 2027, 01:00 (Asia/Dhaka time)')
    // 2026-12-01T04:00Z is 10:00 in Dhaka and 20:00 the evening before in Los Angeles.
    expect(longMoment('2026-12-01T04:00:00Z', 'Asia/Dhaka')).toBe(
      'Tuesday 1 December 2026, 10:00 (Asia/Dhaka time)',
    )
    expect(longMoment('2026-12-01T04:00:00Z', 'America/Los_Angeles')).toBe(
      'Monday 30 November 2026, 20:00 (America/Los_Angeles time)',
    )
    expect(monthName('2026-11')).toBe('November 2026')
    expect(longDate('soon')).toBe('soon')
  })

  it('the same in any time zone: calendar dates are not moments', () => {
    const zone = process.env.TZ
    try {
      for (const tz of ['Asia/Dhaka', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz
        expect(formatDate('2026-12-05'), tz).toBe('Sat, 5 Dec 2026')
      }
    } finally {
      process.env.TZ = zone
    }
  })

  it('writes fees as "Free" or "1,500 BDT"', () => {
    expect(formatFees(0)).toBe('Free')
    expect(formatFees(300)).toBe('300 BDT')
    expect(formatFees(1500.5)).toBe('1,500.5 BDT')
  })
})
