import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Account,
  addAccount,
  call,
  signIn,
  snapshot,
  startAppWithAccounts,
  TEST_PASSWORD,
} from '../support/api'
import type { TestApp } from '../support/test-app'

/** Passwords and sessions people manage themselves (no mail server here: see tests/integration/people-mail). */

let app: TestApp
let adminToken: string
const NEW_PASSWORD = 'a fresh passphrase 77'
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

beforeAll(async () => {
  const setup = await startAppWithAccounts(
    { admin: { role: 'admin', name: 'Admin', email: 'admin@example.org' } },
    ['admin'],
  )
  app = setup.app
  adminToken = setup.tokens.admin
})
afterAll(() => app.close())

const signInAs = async (email: string, userAgent: string, password = TEST_PASSWORD) => {
  const answer = await call(app, 'POST', '/api/auth/login', {
    json: { email, password },
    headers: { 'user-agent': userAgent },
  })
  expect(answer.status).toBe(200)
  return answer.body.token as string
}

describe('POST /api/auth/password', () => {
  it('changes the own password and ends every other session, keeping this one', async () => {
    const chapter: Account = await addAccount(app.db, { name: 'Pw Chapter', email: 'pw@example.org' })
    const here = await signInAs(chapter.email, CHROME_ON_WINDOWS)
    const elsewhere = await signInAs(chapter.email, FIREFOX_ON_LINUX)
    const wrong = await call(app, 'POST', '/api/auth/password', {
      token: here,
      json: { currentPassword: 'not it', newPassword: NEW_PASSWORD },
    })
    expect(wrong).toMatchObject({ status: 400, body: { errors: { currentPassword: expect.any(String) } } })
    const common = await call(app, 'POST', '/api/auth/password', {
      token: here,
      json: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
    })
    expect(common).toMatchObject({ status: 400, body: { errors: { newPassword: expect.any(String) } } })

    const changed = await call(app, 'POST', '/api/auth/password', {
      token: here,
      json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(changed.status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: here })).status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: elsewhere })).status).toBe(401)
    await signIn(app, chapter.email, NEW_PASSWORD)
    const old = await call(app, 'POST', '/api/auth/login', {
      json: { email: chapter.email, password: TEST_PASSWORD },
    })
    expect(old.status).toBe(401)
  })
})

describe('sessions', () => {
  it('lists own sessions with browser, system and "this device"; signs one out, or all others', async () => {
    const chapter = await addAccount(app.db, { name: 'Sess Chapter', email: 'sess@example.org' })
    const first = await signInAs(chapter.email, CHROME_ON_WINDOWS)
    const second = await signInAs(chapter.email, FIREFOX_ON_LINUX)
    const third = await signInAs(chapter.email, CHROME_ON_WINDOWS)
    const list = await call(app, 'GET', '/api/auth/sessions', { token: first })
    expect(list.body.sessions).toHaveLength(3)
    const current = list.body.sessions.find((s: { isCurrent: boolean }) => s.isCurrent)
    expect(current).toMatchObject({ browser: 'Chrome 131', system: 'Windows' })
    expect(list.body.sessions).toContainEqual(
      expect.objectContaining({ browser: 'Firefox 133', system: 'Linux', isCurrent: false }),
    )
    for (const session of list.body.sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)
    }

    // Somebody else's session is not found by id.
    const adminSessions = await call(app, 'GET', '/api/auth/sessions', { token: adminToken })
    const adminSession = adminSessions.body.sessions[0]._id
    expect((await call(app, 'DELETE', `/api/auth/sessions/${adminSession}`, { token: first })).status).toBe(
      404,
    )
    expect((await call(app, 'GET', '/api/auth/me', { token: adminToken })).status).toBe(200)

    const firefox = list.body.sessions.find((s: { browser: string }) => s.browser === 'Firefox 133')
    expect((await call(app, 'DELETE', `/api/auth/sessions/${firefox._id}`, { token: first })).status).toBe(
      200,
    )
    expect((await call(app, 'GET', '/api/auth/me', { token: second })).status).toBe(401)
    const others = await call(app, 'DELETE', '/api/auth/sessions', { token: first })
    expect(others.body).toMatchObject({ success: true, ended: 1 })
    expect((await call(app, 'GET', '/api/auth/me', { token: third })).status).toBe(401)
    expect((await call(app, 'GET', '/api/auth/me', { token: first })).status).toBe(200)
  })

  it('PATCH /api/auth/me renames the person (an officer still answers as the chapter)', async () => {
    const chapter = await addAccount(app.db, { name: 'Name Chapter', email: 'name@example.org' })
    const session = await signIn(app, chapter.email)
    const renamed = await call(app, 'PATCH', '/api/auth/me', {
      token: session.token,
      json: { name: 'Rahim Uddin' },
    })
    expect(renamed.body).toMatchObject({
      success: true,
      name: 'Rahim Uddin',
      userInfo: { name: 'Name Chapter' },
    })
  })
})

describe('forgot and reset without a mail server', () => {
  it('forgot never says whether the email exists, tells to ask an administrator, and changes nothing', async () => {
    const before = snapshot(app.db)
    const known = await call(app, 'POST', '/api/auth/forgot', { json: { email: 'admin@example.org' } })
    const unknown = await call(app, 'POST', '/api/auth/forgot', { json: { email: 'nobody@example.org' } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    expect(known.body).toMatchObject({
      mail: 'not-configured',
      message: expect.stringMatching(/administrator/),
    })
    const after = snapshot(app.db)
    // Only the throttle counted the requests.
    expect({ ...after, login_throttle: [] }).toEqual({ ...before, login_throttle: [] })
  })

  it('an administrator makes a reset link; it works once, for an hour, and ends every session', async () => {
    const chapter = await addAccount(app.db, { name: 'Reset Chapter', email: 'reset@example.org' })
    const session = await signIn(app, chapter.email)
    const link = await call(app, 'POST', `/api/people/${chapter.personId}/reset-link`, { token: adminToken })
    expect(link.status).toBe(201)
    const expiresIn = Date.parse(link.body.resetLink.expiresAt) - Date.now()
    expect(expiresIn).toBeGreaterThan(3600_000 - 60_000)
    expect(expiresIn).toBeLessThanOrEqual(3600_000)
    const token = new URL(link.body.resetLink.url).pathname.split('/').pop()
    expect(link.body.resetLink.url).toContain('/reset-password/')
    // Officers cannot make one.
    expect(
      (await call(app, 'POST', `/api/people/${chapter.personId}/reset-link`, { token: session.token }))
        .status,
    ).toBe(403)

    const reset = await call(app, 'POST', '/api/auth/reset', { json: { token, password: NEW_PASSWORD } })
    expect(reset.status).toBe(200)
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    await signIn(app, chapter.email, NEW_PASSWORD)
    const before = snapshot(app.db)
    const again = await call(app, 'POST', '/api/auth/reset', {
      json: { token, password: 'yet another passphrase 1' },
    })
    expect(again).toMatchObject({ status: 410, body: { success: false } })
    expect(snapshot(app.db)).toEqual(before)
  })

  it('a reset link used twice at the same time works once: one 200, one 410, one password set', async () => {
    const chapter = await addAccount(app.db, { name: 'Race Chapter', email: 'race@example.org' })
    const link = await call(app, 'POST', `/api/people/${chapter.personId}/reset-link`, { token: adminToken })
    const token = new URL(link.body.resetLink.url).pathname.split('/').pop()
    const passwords = ['the first racer passphrase 1', 'the second racer passphrase 2']
    // Both requests are in flight before either answers: each passes the first check, then waits for its hash.
    const answers = await Promise.all(
      passwords.map((password) => call(app, 'POST', '/api/auth/reset', { json: { token, password } })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)] ?? ''
    const loser = passwords.find((password) => password !== winner) ?? ''
    await signIn(app, chapter.email, winner)
    const refused = await call(app, 'POST', '/api/auth/login', {
      json: { email: chapter.email, password: loser },
    })
    expect(refused.status).toBe(401)
    const resets = app.db.$client
      .prepare("SELECT count(*) FROM activity WHERE action = 'password-reset' AND item_id = ?")
      .pluck()
      .get(chapter.personId)
    expect(resets).toBe(1)
  })

  it('a reset link is void once the password changes, and after an hour', async () => {
    const chapter = await addAccount(app.db, { name: 'Void Chapter', email: 'void@example.org' })
    const tokenOf = async () => {
      const link = await call(app, 'POST', `/api/people/${chapter.personId}/reset-link`, {
        token: adminToken,
      })
      return new URL(link.body.resetLink.url).pathname.split('/').pop()
    }
    const voided = await tokenOf()
    const session = await signIn(app, chapter.email)
    await call(app, 'POST', '/api/auth/password', {
      token: session.token,
      json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    })
    expect(
      (
        await call(app, 'POST', '/api/auth/reset', {
          json: { token: voided, password: 'another passphrase 22' },
        })
      ).status,
    ).toBe(410)
    const expired = await tokenOf()
    app.db.$client
      .prepare('UPDATE password_resets SET expires_at = ? WHERE used_at IS NULL')
      .run(Date.now() - 1)
    expect(
      (
        await call(app, 'POST', '/api/auth/reset', {
          json: { token: expired, password: 'another passphrase 22' },
        })
      ).status,
    ).toBe(410)
    expect(
      (
        await call(app, 'POST', '/api/auth/reset', {
          json: { token: 'B'.repeat(43), password: 'another passphrase 22' },
        })
      ).status,
    ).toBe(404)
    await signIn(app, chapter.email, NEW_PASSWORD)
  })
})
