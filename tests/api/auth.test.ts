import fs from 'node:fs'
import path from 'node:path'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#server/auth/one-time-tokens.server'
import { passwordWork } from '#server/auth/password.server'
import type { Account } from '../support/api'
import {
  addAccount,
  call,
  type Session,
  setCookies,
  signIn,
  snapshot,
  TEST_PASSWORD,
  validEvent,
} from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let chapter: Account
let admin: Account
beforeAll(async () => {
  // A high throttle allowance: this file signs in and fails on purpose many times from one address.
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  chapter = await addAccount(app.db, { name: 'Auth Chapter', email: 'auth-chapter@example.org' })
  admin = await addAccount(app.db, { role: 'admin', name: 'Administrator', email: 'auth-admin@example.org' })
})
afterAll(() => app.close())

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60
const DAY = 24 * 60 * 60 * 1000

describe('POST /api/auth/login', () => {
  it('answers the token and userInfo and sets the httpOnly session cookie and the readable hint', async () => {
    const answer = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'Auth-Chapter@Example.org', password: TEST_PASSWORD },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      message: 'Login successful',
      token: expect.any(String),
      userInfo: {
        email: 'auth-chapter@example.org',
        isAdmin: false,
        name: 'Auth Chapter',
        slug: 'auth-chapter',
      },
    })
    const cookies = setCookies(answer.headers)
    expect(cookies.session).toBe(
      `session=${answer.body.token}; Max-Age=${THIRTY_DAYS_SECONDS}; Path=/; Expires=${cookieExpiry(cookies.session)}; HttpOnly; SameSite=Lax`,
    )
    expect(cookies.signed_in).toMatch(
      new RegExp(`^signed_in=1; Max-Age=${THIRTY_DAYS_SECONDS}; Path=/; Expires=[^;]+; SameSite=Lax$`),
    )
    // The device cookie: this browser signed in to this account (docs/decisions/012-passwords-and-sign-in-throttle.md).
    expect(cookies.device).toMatch(
      new RegExp(
        `^device=[\\w.-]+; Max-Age=${365 * 24 * 60 * 60}; Path=/; Expires=[^;]+; HttpOnly; SameSite=Strict$`,
      ),
    )
    expect(decodeJwt(cookies.device?.slice('device='.length).split(';')[0] ?? '')).toMatchObject({
      aud: 'chapter-site/device',
      sub: 'auth-chapter@example.org',
      jti: expect.any(String),
    })
  })

  it('says isAdmin true for an administrator', async () => {
    const session = await signIn(app, admin.email)
    expect(session.userInfo).toEqual({
      email: admin.email,
      isAdmin: true,
      name: 'Administrator',
      slug: admin.slug,
    })
  })

  it('signs an HS256 JWT with issuer, audience and a 30-day expiry whose session token is stored only as its SHA-256', async () => {
    const { token } = await signIn(app, chapter.email)
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const claims = decodeJwt(token)
    expect(claims.iss).toBe('chapter-site')
    expect(claims.aud).toBe('chapter-site/session')
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(THIRTY_DAYS_SECONDS)
    // 256 random bits, of which the database holds the hash only.
    expect(claims.sid).toMatch(/^[\w-]{43}$/)
    const row = app.db.$client
      .prepare('SELECT * FROM sessions WHERE token_hash = ?')
      .get(hashToken(String(claims.sid))) as Record<string, unknown>
    expect(row).toMatchObject({ user_id: chapter.personId })
    expect(JSON.stringify(app.db.$client.prepare('SELECT * FROM sessions').all())).not.toContain(claims.sid)
  })

  it('answers a wrong password and an unknown email identically, after the same password-hash work', async () => {
    // Timing is compared in the benchmark, not here: the structure is what keeps the two paths alike.
    const attempt = async (email: string) => {
      const before = passwordWork.verifications
      const answer = await call(app, 'POST', '/api/auth/login', {
        json: { email, password: 'not the password' },
      })
      return {
        answer,
        verifications: passwordWork.verifications - before,
        parameters: passwordWork.lastParameters,
      }
    }
    const wrong = await attempt(chapter.email)
    const unknown = await attempt('nobody@example.org')
    for (const { answer } of [wrong, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ success: false, message: 'Invalid email or password.' })
      expect(answer.headers.getSetCookie()).toEqual([])
    }
    // One full argon2id verification each, against hashes of the same cost.
    expect(wrong.verifications).toBe(1)
    expect(unknown.verifications).toBe(1)
    expect(unknown.parameters).toBe(wrong.parameters)
    expect(wrong.parameters).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)
  })

  it('refuses a body that is not a valid login with 400 and field errors', async () => {
    const answer = await call(app, 'POST', '/api/auth/login', { json: { email: 'not-an-email' } })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({
      email: 'Enter a valid email address',
      password: 'Password is required',
    })
  })
})

describe('the session', () => {
  it('GET /api/auth/me answers userInfo for a Bearer token and for the cookie, 401 without', async () => {
    const session = await signIn(app, chapter.email)
    const expected = {
      success: true,
      userInfo: { email: chapter.email, isAdmin: false, name: 'Auth Chapter', slug: 'auth-chapter' },
    }
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).body).toEqual(expected)
    expect((await call(app, 'GET', '/api/auth/me', { cookie: session.cookie })).body).toEqual(expected)
    const anonymous = await call(app, 'GET', '/api/auth/me')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ success: false, message: 'Sign in to continue.' })
  })

  it('logout ends the session on the server at once and clears both cookies', async () => {
    const session = await signIn(app, chapter.email)
    const answer = await call(app, 'POST', '/api/auth/logout', { cookie: session.cookie, origin: app.url })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ success: true, message: 'Signed out' })
    expectCleared(answer.headers)
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    expect((await call(app, 'GET', '/api/auth/me', { cookie: session.cookie })).status).toBe(401)
  })

  it('a cookie that is no longer valid is cleared, and the request goes on as a visitor', async () => {
    const session = await signIn(app, chapter.email)
    await call(app, 'POST', '/api/auth/logout', { token: session.token })
    const publicList = await call(app, 'GET', '/api/events', { cookie: `${session.cookie}; signed_in=1` })
    expect(publicList.status).toBe(200)
    expectCleared(publicList.headers)
    const garbage = await call(app, 'GET', '/api/auth/me', { cookie: 'session=garbage' })
    expect(garbage.status).toBe(401)
    expectCleared(garbage.headers)
    // Without a session cookie there is nothing to check and nothing to clear.
    expect((await call(app, 'GET', '/api/events')).headers.getSetCookie()).toEqual([])
  })

  it('an expired session row is refused even though its token is still within its lifetime', async () => {
    const session = await signIn(app, chapter.email)
    const { sid } = decodeJwt(session.token)
    app.db.$client
      .prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?')
      .run(Date.now() - 1000, hashToken(String(sid)))
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
  })

  it('a password change ends every session of the account; the new password works, the old one not', async () => {
    const target = await addAccount(app.db, { name: 'Password Change', email: 'password-change@example.org' })
    const adminSession = await signIn(app, admin.email)
    const first = await signIn(app, target.email)
    const second = await signIn(app, target.email)
    const answer = await call(app, 'PUT', `/api/users/${target.slug}`, {
      token: adminSession.token,
      json: {
        name: target.name,
        email: target.email,
        phone: '01711000000',
        password: 'a brand new passphrase',
      },
    })
    expect(answer.status).toBe(200)
    for (const session of [first, second]) {
      expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    }
    expect(
      (await call(app, 'POST', '/api/auth/login', { json: { email: target.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401)
    await signIn(app, target.email, 'a brand new passphrase')
    // Editing without a password keeps the sessions.
    const third = await signIn(app, target.email, 'a brand new passphrase')
    await call(app, 'PUT', `/api/users/${target.slug}`, {
      token: adminSession.token,
      json: { name: 'Renamed', email: target.email, phone: '01711000000' },
    })
    expect((await call(app, 'GET', '/api/auth/me', { token: third.token })).status).toBe(200)
  })
})

describe('signing in and the idle timeout', () => {
  it('signing in ends the session the cookie already carried', async () => {
    const first = await signIn(app, chapter.email)
    const again = await call(app, 'POST', '/api/auth/login', {
      json: { email: admin.email, password: TEST_PASSWORD },
      cookie: first.cookie,
    })
    expect(again.status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: first.token })).status).toBe(401)
    expect((await call(app, 'GET', '/api/auth/me', { token: again.body.token })).status).toBe(200)
    // A bearer client signing in again keeps its other sessions: only a cookie names this browser's one.
    const bearer = await signIn(app, chapter.email)
    await signIn(app, chapter.email)
    expect((await call(app, 'GET', '/api/auth/me', { token: bearer.token })).status).toBe(200)
  })

  it('a session unused for 7 days ends; one in use lasts its 30 days, and no longer', async () => {
    let now = Date.now()
    const clocked = await startTestApp({ clock: () => now })
    try {
      const person = await addAccount(clocked.db, { name: 'Idle', email: 'idle@example.org' })
      const me = (token: string) => call(clocked, 'GET', '/api/auth/me', { token })
      const idle = await signIn(clocked, person.email)
      const busy = await signIn(clocked, person.email)
      now += 6 * DAY
      expect((await me(busy.token)).status).toBe(200)
      now += DAY + 60_000
      // 7 days and a minute after its last use the idle one has ended; the other was used a day ago.
      expect((await me(idle.token)).status).toBe(401)
      expect((await me(busy.token)).status).toBe(200)
      const sessions = await call(clocked, 'GET', '/api/auth/sessions', { token: busy.token })
      expect(sessions.body.sessions).toHaveLength(1)
      for (let day = 0; day < 3; day++) {
        now += 6 * DAY
        expect((await me(busy.token)).status).toBe(200)
      }
      // 31 days after signing in, used every 6 days all along: the lifetime is over.
      now += 6 * DAY
      expect((await me(busy.token)).status).toBe(401)
      // The next sign-in forgets both rows.
      await signIn(clocked, person.email)
      expect(clocked.db.$client.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1)
    } finally {
      await clocked.close()
    }
  })

  it('SESSION_IDLE_DAYS and SESSION_LIFETIME_DAYS set both limits', async () => {
    let now = Date.now()
    const clocked = await startTestApp({
      clock: () => now,
      env: { SESSION_IDLE_DAYS: '0.5', SESSION_LIFETIME_DAYS: '2' },
    })
    try {
      await addAccount(clocked.db, { name: 'Short', email: 'short@example.org' })
      const answer = await call(clocked, 'POST', '/api/auth/login', {
        json: { email: 'short@example.org', password: TEST_PASSWORD },
      })
      expect(setCookies(answer.headers).session).toMatch(/; Max-Age=172800;/)
      const claims = decodeJwt(answer.body.token)
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(2 * 24 * 60 * 60)
      now += 11 * 60 * 60 * 1000
      expect((await call(clocked, 'GET', '/api/auth/me', { token: answer.body.token })).status).toBe(200)
      now += 13 * 60 * 60 * 1000
      expect((await call(clocked, 'GET', '/api/auth/me', { token: answer.body.token })).status).toBe(401)
    } finally {
      await clocked.close()
    }
  })
})

describe('cookie-authenticated writes must come from the site itself', () => {
  let session: Session
  beforeAll(async () => {
    session = await signIn(app, chapter.email)
  })
  const post = (auth: Parameters<typeof call>[3]) =>
    call(app, 'POST', '/api/events', { ...auth, json: validEvent() })

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
    ['no Origin and no Sec-Fetch-Site', {}],
    ['Sec-Fetch-Site cross-site', { headers: { 'sec-fetch-site': 'cross-site' } }],
    ['Sec-Fetch-Site same-site', { headers: { 'sec-fetch-site': 'same-site' } }],
  ])('refuses a cookie write with %s: 403, nothing changed', async (_label, auth) => {
    const before = snapshot(app.db)
    const answer = await post({ cookie: session.cookie, ...auth })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({ success: false, message: 'This request must come from the site itself.' })
    expect(snapshot(app.db)).toEqual(before)
  })

  it('accepts a cookie write with its own Origin (the Host it was asked under)', async () => {
    expect((await post({ cookie: session.cookie, origin: app.url })).status).toBe(201)
  })

  it('accepts a cookie write with Sec-Fetch-Site same-origin and no Origin', async () => {
    const answer = await post({ cookie: session.cookie, headers: { 'sec-fetch-site': 'same-origin' } })
    expect(answer.status).toBe(201)
  })

  it('accepts the Origin of PUBLIC_URL', async () => {
    const answer = await post({ cookie: session.cookie, origin: 'http://localhost:3000' })
    expect(answer.status).toBe(201)
  })

  it('lets a Bearer request through without any Origin', async () => {
    expect((await post({ token: session.token })).status).toBe(201)
  })

  it('lets cookie reads through from anywhere', async () => {
    const answer = await call(app, 'GET', '/api/auth/me', {
      cookie: session.cookie,
      origin: 'https://evil.example',
    })
    expect(answer.status).toBe(200)
  })
})

describe('the session secret', () => {
  it('is generated once into DATA_DIR/session-secret (mode 0600) and survives a restart', async () => {
    const file = path.join(app.ctx.env.dataDir, 'session-secret')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32)
    const session = await signIn(app, chapter.email)
    const secret = fs.readFileSync(file, 'utf8')
    const again = await startTestApp({ env: { DATA_DIR: app.ctx.env.dataDir } })
    try {
      expect(fs.readFileSync(file, 'utf8')).toBe(secret)
      expect((await call(again, 'GET', '/api/auth/me', { token: session.token })).status).toBe(200)
    } finally {
      await again.close()
    }
  })

  it('comes from SESSION_SECRET when set, and then no file is written; tokens of another secret fail', async () => {
    const other = await startTestApp({ env: { SESSION_SECRET: 'x'.repeat(40) } })
    try {
      expect(fs.existsSync(path.join(other.ctx.env.dataDir, 'session-secret'))).toBe(false)
      await addAccount(other.db, { name: 'Other', email: 'other@example.org' })
      const session = await signIn(other, 'other@example.org')
      expect((await call(other, 'GET', '/api/auth/me', { token: session.token })).status).toBe(200)
      expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    } finally {
      await other.close()
    }
  })

  it('names the cookies __Host-… and marks them Secure when PUBLIC_URL is https; only those names are read', async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://chapter.example.org' } })
    try {
      await addAccount(secure.db, { name: 'Secure', email: 'secure@example.org' })
      const answer = await call(secure, 'POST', '/api/auth/login', {
        json: { email: 'secure@example.org', password: TEST_PASSWORD },
      })
      const cookies = setCookies(answer.headers)
      expect(Object.keys(cookies).sort()).toEqual(['__Host-device', '__Host-session', '__Host-signed_in'])
      for (const line of Object.values(cookies)) {
        // What the prefix demands: Secure, Path=/ and no Domain.
        expect(line).toMatch(/; Path=\/;.*; Secure/)
        expect(line).not.toMatch(/Domain=/i)
      }
      const token = answer.body.token
      const me = (cookie: string) => call(secure, 'GET', '/api/auth/me', { cookie })
      expect((await me(`__Host-session=${token}`)).status).toBe(200)
      // A cookie under the plain name (set by another host of the domain, or over http) is not read.
      expect((await me(`session=${token}`)).status).toBe(401)
      // Signing out clears the cookies under the names they were set with.
      const out = await call(secure, 'POST', '/api/auth/logout', {
        cookie: `__Host-session=${token}`,
        origin: 'https://chapter.example.org',
      })
      expect(Object.keys(setCookies(out.headers)).sort()).toEqual(['__Host-session', '__Host-signed_in'])
    } finally {
      await secure.close()
    }
  })
})

function cookieExpiry(line: string | undefined): string {
  return /Expires=([^;]+)/.exec(line ?? '')?.[1] ?? ''
}

function expectCleared(headers: Headers): void {
  const cookies = setCookies(headers)
  expect(cookies.session).toMatch(
    /^session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
  )
  expect(cookies.signed_in).toMatch(
    /^signed_in=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/,
  )
}
