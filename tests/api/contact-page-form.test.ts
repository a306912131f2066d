import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { site } from '#content/site'
import { countSpamMessages, listContactMessagesPage } from '#db/queries/contact.server'
import { unique } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The contact form without scripts: a plain POST to /contact, answered by the contact page itself with a
 * lasting confirmation (what happens next), or with the form again, what was typed and the errors. A bot's
 * answer is the same confirmation; its message is kept as spam. The enhanced form is tested in a browser
 * (tests/e2e/contact-confirmation.spec.ts).
 */

let app: TestApp

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  // Each test posts from its own address (X-Forwarded-For, trusted): the per-address limit is low.
  app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '0.2', TRUST_PROXY: 'true' } })
})
afterAll(() => app.close())

let address = 0
/** The form as a browser posts it, from `from` (a new address unless given). */
const post = (fields: Record<string, string>, from = `198.51.100.${++address}`) =>
  app.request('/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: new URLSearchParams(fields).toString(),
  })

/** The page's HTML without the comments React puts between adjacent texts. */
const htmlOf = async (answer: Response | undefined) =>
  ((await answer?.text()) ?? '').replaceAll('<!-- -->', '')

const stored = (text: string) => listContactMessagesPage(app.db, { q: text }).rows

describe('POST /contact (the form without scripts)', () => {
  it('a sent message: the page again with the confirmation instead of the form, saying what happens next', async () => {
    const text = unique('plain post')
    const answer = await post({
      name: 'Nasrin Akter',
      email: 'nasrin@example.org',
      message: text,
      website: '',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    // Rendered for this request only: no shared cache keeps a page with someone's name in it.
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const html = await htmlOf(answer)
    expect(html).toContain('Message sent successfully')
    expect(html).toMatch(/Thank you, <span data-contact-name="">Nasrin Akter<\/span>\./)
    expect(html).toContain('nasrin@example.org</strong>')
    expect(html).toContain(`within ${site.contact.replyWithinWorkingDays} working days`)
    expect(html).toContain('href="/contact"')
    expect(html).not.toContain('data-contact-form')
    expect(stored(text)).toMatchObject([{ name: 'Nasrin Akter', email: 'nasrin@example.org', spam: false }])
  })

  it('a refused message: the form again (400) with what was typed, each error under its field', async () => {
    const text = unique('kept text')
    const answer = await post({ name: '  ', email: 'not-an-email', message: `${text} <b>bold</b>` })
    expect(answer.status).toBe(400)
    const html = await htmlOf(answer)
    expect(html).toContain('data-contact-form')
    expect(html).toContain('Message sending failed: check the fields below.')
    expect(html).toMatch(
      /id="contact-name"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-name-error"/,
    )
    expect(html).toContain('<p id="contact-name-error" role="alert"')
    expect(html).toContain('Full name is required')
    expect(html).toContain('Enter a valid email address')
    expect(html).toMatch(/id="contact-email"[^>]*value="not-an-email"/)
    // What was typed comes back, escaped.
    expect(html).toContain(`${text} &lt;b&gt;bold&lt;/b&gt;</textarea>`)
    expect(html).not.toMatch(/id="contact-message"[^>]*aria-invalid="true"/)
    expect(stored(text)).toEqual([])
  })

  it('a filled-in honeypot gets the same confirmation, and the message is kept as spam', async () => {
    const text = unique('plain bot')
    const spamBefore = countSpamMessages(app.db)
    const answer = await post({ name: 'Bot', email: 'bot@example.net', message: text, website: 'http://x' })
    expect(answer.status).toBe(200)
    const html = await htmlOf(answer)
    expect(html).toMatch(/Thank you, <span data-contact-name="">Bot<\/span>\./)
    expect(stored(text)).toEqual([])
    expect(countSpamMessages(app.db)).toBe(spamBefore + 1)
  })

  it('over the limit: the form again (429) with the reason and what was typed', async () => {
    const text = unique('limited')
    let answer: Response | undefined
    // RATE_LIMIT_SCALE 0.2: two messages a minute from this address, counted with the API's.
    for (let i = 0; i < 4; i++) {
      answer = await post(
        { name: 'Eager', email: 'eager@example.org', message: `${text} ${i}` },
        '203.0.113.9',
      )
      if (answer.status === 429) break
    }
    expect(answer?.status).toBe(429)
    expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThan(0)
    const html = await htmlOf(answer)
    expect(html).toMatch(/Too many messages from this address\. Try again in \d+ seconds?\./)
    expect(html).toContain(`${text} `)
    expect(html).toContain('data-contact-form')
  })

  it('GET /contact still carries the form and the empty confirmation the script fills in', async () => {
    const html = await htmlOf(await app.request('/contact'))
    expect(html).toMatch(/<form [^>]*action="\/contact" method="post"/)
    expect(html).toContain('<template data-contact-confirmation-template="">')
  })
})
