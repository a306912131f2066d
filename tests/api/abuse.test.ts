import { afterEach, describe, expect, it } from 'vitest'
import { countContactMessages, countSpamMessages } from '#db/queries/contact.server'
import { CONTACT_MIN_FILL_MS, LIMITS } from '#db/validation'
import { API_WRITES_PER_MINUTE, CONTACT_MESSAGES_PER_MINUTE } from '#server/api/rate-limits.server'
import { call, validAttendee, validContact } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

/** docs/decisions/025-request-rate-limits.md, abuse: the contact form's honeypot and fill time, its rate limit, and the general limit on writes. */

const running: TestApp[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()))
})
async function start(env: Record<string, string> = {}, options: { clock?: () => number } = {}) {
  const app = await startTestApp({ env, clock: options.clock })
  running.push(app)
  return app
}

const contact = (app: TestApp, json: unknown, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/contact', { json, headers })

describe('the contact form against bots', () => {
  it('a filled-in honeypot gets the usual 201 answer, and is kept as spam, out of the inbox', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '100' })
    const human = await contact(app, { ...validContact(), website: '' })
    expect(human.status).toBe(201)
    expect(countContactMessages(app.db)).toBe(1)

    const bot = await contact(app, { ...validContact(), website: 'https://cheap-pills.example' })
    expect(bot.status).toBe(201)
    expect(countContactMessages(app.db)).toBe(1)
    expect(countSpamMessages(app.db)).toBe(1)
    // The same shape, field by field, so the answer tells a bot nothing.
    expect(Object.keys(bot.body).sort()).toEqual(Object.keys(human.body).sort())
    expect(Object.keys(bot.body.contact).sort()).toEqual(Object.keys(human.body.contact).sort())
    expect(bot.body.message).toBe(human.body.message)
    expect(bot.body.contact._id).toMatch(/^[0-9a-f]{24}$/)
    expect(bot.body.contact._id).not.toBe(human.body.contact._id)
  })

  it(`a form sent less than ${CONTACT_MIN_FILL_MS / 1000} s after it was shown is answered and kept as spam`, async () => {
    // The server's clock stands still at `now`: each case is exactly as old as it says, however slow the machine.
    const now = Date.now()
    const app = await start({ RATE_LIMIT_SCALE: '100' }, { clock: () => now })
    const cases = [
      { formStartedAt: now, stored: false },
      { formStartedAt: now - 200, stored: false },
      { formStartedAt: now - (CONTACT_MIN_FILL_MS - 1), stored: false },
      { formStartedAt: now - CONTACT_MIN_FILL_MS, stored: true },
      { formStartedAt: now - (CONTACT_MIN_FILL_MS + 2_000), stored: true },
      { formStartedAt: now - 3_600_000, stored: true },
      // A browser clock ahead of the server's: no way to tell, so the message is kept.
      { formStartedAt: now + 120_000, stored: true },
      { formStartedAt: undefined, stored: true },
    ]
    let expected = 0
    for (const { formStartedAt, stored } of cases) {
      const answer = await contact(app, { ...validContact(), formStartedAt, website: '' })
      expect(answer.status, `formStartedAt ${formStartedAt}`).toBe(201)
      if (stored) expected++
      expect(countContactMessages(app.db), `formStartedAt ${formStartedAt}`).toBe(expected)
    }
    expect(countSpamMessages(app.db)).toBe(cases.length - expected)
  })

  it('the two new fields are typed and capped like any other', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '100' })
    for (const [field, value] of [
      ['formStartedAt', 'yesterday'],
      ['formStartedAt', 1.5],
      ['formStartedAt', -1],
      ['website', 42],
      ['website', 'x'.repeat(LIMITS.url + 1)],
    ] as const) {
      const answer = await contact(app, { ...validContact(), [field]: value })
      expect(answer.status, `${field} = ${String(value).slice(0, 20)}`).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual([field])
    }
    expect(countContactMessages(app.db)).toBe(0)
  })

  it('no line breaks in the name, and length caps on every field', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '100' })
    for (const [field, value] of [
      ['name', 'Visitor\nBcc: everyone@example.org'],
      ['name', 'Visitor\r\nX-Header: 1'],
      ['name', 'Visitor\u2028Second line'],
      ['name', 'n'.repeat(LIMITS.name + 1)],
      ['email', `${'e'.repeat(LIMITS.email)}@example.org`],
      ['message', 'm'.repeat(LIMITS.message + 1)],
    ] as const) {
      const answer = await contact(app, { ...validContact(), [field]: value })
      expect(answer.status, `${field}`).toBe(400)
      expect(answer.body.errors[field]).toBeTruthy()
    }
    expect(countContactMessages(app.db)).toBe(0)
  })
})

describe('rate limits per address', () => {
  it(`at most ${CONTACT_MESSAGES_PER_MINUTE} contact messages a minute, bots included; then 429 with Retry-After`, async () => {
    const app = await start()
    for (let i = 0; i < CONTACT_MESSAGES_PER_MINUTE; i++) {
      const json = i % 2 ? { ...validContact(), website: 'spam' } : validContact()
      expect((await contact(app, json)).status).toBe(201)
    }
    const refused = await contact(app, validContact())
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/^Too many messages/) })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(countContactMessages(app.db)).toBe(CONTACT_MESSAGES_PER_MINUTE / 2)
  })

  it('counts per client address: behind a trusted proxy each forwarded address has its own allowance', async () => {
    const app = await start({ TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '0.2' })
    const from = (address: string) => ({ 'x-forwarded-for': address })
    expect((await contact(app, validContact(), from('203.0.113.7'))).status).toBe(201)
    expect((await contact(app, validContact(), from('203.0.113.7'))).status).toBe(201)
    expect((await contact(app, validContact(), from('203.0.113.7'))).status).toBe(429)
    expect((await contact(app, validContact(), from('198.51.100.9'))).status).toBe(201)
  })

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy a new allowance', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '0.2' })
    const answers = []
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      answers.push((await contact(app, validContact(), { 'x-forwarded-for': address })).status)
    }
    expect(answers).toEqual([201, 201, 429])
  })

  it(`${API_WRITES_PER_MINUTE} API writes a minute (times RATE_LIMIT_SCALE) per address; reads go on`, async () => {
    // Scale 0.1: 12 writes. Any write counts, whatever its answer.
    const app = await start({ RATE_LIMIT_SCALE: '0.1' })
    const allowed = Math.floor(API_WRITES_PER_MINUTE * 0.1)
    const writes = [
      () => call(app, 'POST', '/api/events', { json: {} }),
      () => call(app, 'PUT', `/api/events/${'a'.repeat(24)}`, { json: {} }),
      () => call(app, 'DELETE', `/api/excom/${'a'.repeat(24)}`),
      () => call(app, 'PATCH', `/api/contact/${'a'.repeat(24)}`, { json: { read: true } }),
    ]
    for (let i = 0; i < allowed; i++) {
      const answer = await writes[i % writes.length]?.()
      expect(answer?.status).toBe(401)
    }
    const refused = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'someone@example.org', password: 'whatever it is' },
    })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(refused.headers.get('ratelimit')).toMatch(/"api-writes"; r=0; t=\d+/)
    expect(refused.body.success).toBe(false)
    expect((await call(app, 'GET', '/api/events')).status).toBe(200)
    expect((await call(app, 'GET', '/api/health')).status).toBe(200)
  })

  it('a registration is counted by the registration limits alone, not by the write limit', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '0.1' })
    for (let i = 0; i < Math.floor(API_WRITES_PER_MINUTE * 0.1); i++)
      expect((await call(app, 'POST', '/api/events', { json: {} })).status).toBe(401)
    expect((await call(app, 'POST', '/api/events', { json: {} })).status).toBe(429)
    // Past the write limit, a registration is still looked at (no such event here).
    const registration = await call(app, 'POST', `/api/events/${'a'.repeat(24)}/registrations`, {
      json: validAttendee(),
    })
    expect(registration.status).toBe(404)
    expect(registration.headers.get('ratelimit')).not.toContain('"api-writes"')
  })

  it('RATE_LIMIT_SCALE raises every limit: at 1000, 50 messages in a row all pass', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '1000' })
    const statuses = await Promise.all(Array.from({ length: 50 }, () => contact(app, validContact())))
    expect(new Set(statuses.map((answer) => answer.status))).toEqual(new Set([201]))
    expect(countContactMessages(app.db)).toBe(50)
  })
})
