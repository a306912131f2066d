import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn, TEST_PASSWORD } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
const lines: string[] = []
beforeAll(async () => {
  app = await startTestApp({
    env: { LOG_LEVEL: 'trace', RATE_LIMIT_SCALE: '100' },
    logStream: { write: (line: string) => lines.push(line) },
  })
  await addAccount(app.db, { role: 'admin', name: 'Logged Admin', email: 'logged@example.org' })
})
afterAll(() => app.close())

describe('request logging', () => {
  it('logs every request with its id, and never a password, token or cookie', async () => {
    const session = await signIn(app, 'logged@example.org')
    const newPassword = 'fresh chapter passphrase'
    await call(app, 'POST', '/api/auth/login', {
      json: { email: 'logged@example.org', password: 'wrong-password-xyz' },
    })
    await call(app, 'GET', '/api/auth/me', { token: session.token })
    await call(app, 'GET', '/api/auth/me', { cookie: `${session.cookie}; signed_in=1` })
    await call(app, 'POST', '/api/users', {
      token: session.token,
      json: {
        name: 'Logged Chapter',
        email: 'logged-chapter@example.org',
        password: newPassword,
        phone: '01711000000',
      },
    })
    // A malformed body carrying a password: the parser's error holds the raw text.
    await call(app, 'POST', '/api/auth/login', {
      body: `{"password": "${TEST_PASSWORD}"`,
      contentType: 'application/json',
    })
    const form = new FormData()
    form.append(
      'image',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'a.png',
    )
    await call(app, 'POST', '/api/uploads', { cookie: session.cookie, origin: app.url, body: form })

    const log = lines.join('')
    expect(lines.length).toBeGreaterThanOrEqual(7)
    for (const secret of [
      TEST_PASSWORD,
      newPassword,
      'wrong-password-xyz',
      session.token,
      session.token.split('.')[2] ?? '',
      'argon2',
    ]) {
      expect(log).not.toContain(secret)
    }
    const completed = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request completed')
    expect(completed.length).toBeGreaterThanOrEqual(7)
    for (const entry of completed) {
      expect(entry.req).toEqual({
        id: expect.any(String),
        method: expect.any(String),
        url: expect.any(String),
        remoteAddress: expect.any(String),
      })
      expect(entry.res).toEqual({ statusCode: expect.any(Number) })
    }
  })

  it('keeps a sane incoming X-Request-Id, replaces anything else, and echoes it', async () => {
    const kept = await call(app, 'GET', '/api/health', { headers: { 'x-request-id': 'proxy-1234.abc' } })
    expect(kept.headers.get('x-request-id')).toBe('proxy-1234.abc')
    const replaced = await call(app, 'GET', '/api/health', {
      headers: { 'x-request-id': 'bad id {"level":60}' },
    })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const generated = await call(app, 'GET', '/api/health')
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const last = JSON.parse(lines.at(-1) ?? '{}')
    expect(last.req.id).toBe(generated.headers.get('x-request-id'))
  })

  it("masks every search's q: no phone or email fragment in a log line", async () => {
    const { token: admin } = await signIn(app, 'logged@example.org')
    const from = lines.length
    for (const path of [
      '/api/search?q=%2B8801711',
      '/api/events?q=rahim%40example&page=1',
      '/events?page=1&q=01711-111',
    ])
      await call(app, 'GET', path, { token: admin })
    const deadline = Date.now() + 5_000
    while (lines.length - from < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
    const written = lines.slice(from).join('')
    expect(written).toContain('q=[masked]')
    expect(written).not.toMatch(/8801711|rahim|01711/)
  })

  it('masks the token of an invitation link in every line that names its URL', async () => {
    const { token: admin } = await signIn(app, 'logged@example.org')
    const invited = await call(app, 'POST', '/api/invitations', {
      token: admin,
      json: { email: 'masked-invitee@example.org' },
    })
    expect(invited.status).toBe(201)
    const link = new URL(invited.body.invitation.url).pathname
    const token = link.split('/').at(-1) ?? ''
    expect(token).toHaveLength(43)
    const from = lines.length
    expect((await call(app, 'GET', `/api/invitations/${token}`)).status).toBe(200)
    await call(app, 'POST', `/api/invitations/${token}/accept`, { json: { name: '' } })
    await call(app, 'GET', link)
    await call(app, 'GET', `/reset-password/${token}?from=mail`)
    // A line of pino's own (an error of that request), through the same logger.
    app.ctx.logger.child({ req: { url: link } }).error({ err: new Error(`Failed at ${link}`) }, 'boom')
    // A request's line is written once its answer is sent, at the end of that turn of the event loop.
    const deadline = Date.now() + 5_000
    while (lines.length - from < 5 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
    const written = lines.slice(from)
    expect(written.join('')).not.toContain(token)
    // In any order: the request lines wait for the end of their turn of the event loop.
    const urls = written.map((line) => JSON.parse(line).req?.url).sort()
    expect(urls).toEqual([
      '/api/invitations/[token]',
      '/api/invitations/[token]/accept',
      '/invite/[token]',
      '/invite/[token]',
      '/reset-password/[token]?from=mail',
    ])
  })
})
