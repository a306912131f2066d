import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiAnswer, addAccount, call, setCookies, TEST_PASSWORD } from '../support/api'
import { rawRequest } from '../support/raw-http'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The login throttle (docs/decisions/012-passwords-and-sign-in-throttle.md): 5 failures in 15 minutes per
 * client address lock that address (429 with Retry-After); per account, a delay that grows from 1 s to at
 * most 5 minutes for browsers the account has not signed in from, and none for one that has (its device
 * cookie). Kept in the database. TRUST_PROXY lets each test sign in from its own address through
 * X-Forwarded-For; a clock of the test's own moves time on.
 */

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {})
})

async function start(env: Record<string, string> = {}, clock?: () => number) {
  const app = await startTestApp({ env: { TRUST_PROXY: 'true', ...env }, clock })
  apps.push(app)
  return app
}

let address = 0
const nextAddress = () => {
  address++
  return `198.51.${100 + Math.floor(address / 250)}.${(address % 250) + 1}`
}

const login = (app: TestApp, email: string, password: string, from: string, cookie?: string) =>
  call(app, 'POST', '/api/auth/login', {
    json: { email, password },
    headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
  })

async function fail(app: TestApp, email: string, times: number, from: string) {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push((await login(app, email, 'wrong password', from)).status)
  return statuses
}

/** The device cookie a successful sign-in set, as a Cookie header. */
function deviceCookieOf(answer: ApiAnswer): string {
  const line = setCookies(answer.headers).device ?? ''
  expect(line).toMatch(/^device=./)
  return line.slice(0, line.indexOf(';'))
}

describe('login throttle', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await start()
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      await addAccount(app.db, { name, email: `${name}@example.org` })
    }
  })

  it('counts per client address too: 5 failures on any accounts lock that address out', async () => {
    const from = nextAddress()
    for (const email of [
      'a@example.org',
      'b@example.org',
      'c@example.org',
      'two@example.org',
      'd@example.org',
    ]) {
      expect((await login(app, email, 'wrong password', from)).status).toBe(401)
    }
    expect((await login(app, 'three@example.org', TEST_PASSWORD, from)).status).toBe(429)
    // The account itself was not locked: from another address it signs in.
    expect((await login(app, 'three@example.org', TEST_PASSWORD, nextAddress())).status).toBe(200)
  })

  it('counts the addresses of one IPv6 /56 as one client address, as the rate limits do', async () => {
    await addAccount(app.db, { name: 'Six', email: 'six@example.org' })
    // Two hosts of 2001:db8:0:4200::/56 take turns failing on accounts of their own...
    const hosts = ['2001:db8:0:4200::1', '2001:db8:0:42ff:ffff:ffff:ffff:fffe']
    for (let i = 0; i < 5; i++) {
      const from = hosts[i % hosts.length] ?? ''
      expect((await login(app, `ipv6-${i}@example.org`, 'wrong password', from)).status).toBe(401)
    }
    // ...which locks out a third host of the same /56, even with the right password,
    expect((await login(app, 'six@example.org', TEST_PASSWORD, '2001:db8:0:4280::7')).status).toBe(429)
    // while the next /56 is another client.
    expect((await login(app, 'six@example.org', TEST_PASSWORD, '2001:db8:0:4300::1')).status).toBe(200)
  })

  it('an unknown email is throttled exactly like a known one', async () => {
    expect(await fail(app, 'nobody@example.org', 6, nextAddress())).toEqual([401, 401, 401, 401, 401, 429])
  })

  it("a successful login resets the account's count", async () => {
    expect(await fail(app, 'four@example.org', 4, nextAddress())).toEqual([401, 401, 401, 401])
    expect((await login(app, 'four@example.org', TEST_PASSWORD, nextAddress())).status).toBe(200)
    expect(await fail(app, 'four@example.org', 6, nextAddress())).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('parallel guesses cannot slip past the limit', async () => {
    const from = nextAddress()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(app, 'five@example.org', 'wrong password', from)),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
  })
})

describe('an account under attack: a growing delay, never a lock', () => {
  it('after 5 failures an unknown browser waits 1 s, then 2, 4 … at most 5 minutes; then the right password works', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z')
    const app = await start({}, () => now)
    await addAccount(app.db, { name: 'Target', email: 'target@example.org' })
    // Five guesses, each from another address: no address is locked, the account's allowance is spent.
    for (let n = 0; n < 5; n++) {
      expect((await login(app, 'target@example.org', 'wrong password', nextAddress())).status).toBe(401)
    }
    const waits: number[] = []
    for (let round = 0; round < 11; round++) {
      // Within the wait even the right password is refused, unchecked, and nothing is counted.
      const early = await login(app, 'target@example.org', TEST_PASSWORD, nextAddress())
      expect(early.status).toBe(429)
      const wait = Number(early.headers.get('retry-after'))
      waits.push(wait)
      if (round === 0) {
        expect(early.body).toEqual({
          success: false,
          message: 'Too many failed sign-ins. Try again in 1 second.',
        })
      }
      now += wait * 1000
      expect((await login(app, 'target@example.org', 'wrong password', nextAddress())).status).toBe(401)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
    const capped = await login(app, 'target@example.org', TEST_PASSWORD, nextAddress())
    expect(capped.body.message).toBe('Too many failed sign-ins. Try again in 5 minutes.')
    now += 5 * 60 * 1000
    // The wait is over: the person's right password goes through, and the account starts afresh.
    expect((await login(app, 'target@example.org', TEST_PASSWORD, nextAddress())).status).toBe(200)
    expect(await fail(app, 'target@example.org', 1, nextAddress())).toEqual([401])
  })

  it('a browser that signed in before gets in with the right password at once while strangers keep the account waiting', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z')
    const app = await start({}, () => now)
    await addAccount(app.db, { name: 'Admin', email: 'besieged@example.org' })
    await addAccount(app.db, { name: 'Other', email: 'other@example.org' })
    const home = nextAddress()
    const device = deviceCookieOf(await login(app, 'besieged@example.org', TEST_PASSWORD, home))
    const otherDevice = deviceCookieOf(await login(app, 'other@example.org', TEST_PASSWORD, home))
    // Strangers guess on, from many addresses, as fast as the account lets them.
    const guess = () => login(app, 'besieged@example.org', 'wrong password', nextAddress())
    for (let n = 0; n < 5; n++) expect((await guess()).status).toBe(401)
    for (let n = 0; n < 6; n++) {
      const refused = await guess()
      expect(refused.status).toBe(429)
      now += Number(refused.headers.get('retry-after')) * 1000
      expect((await guess()).status).toBe(401)
    }
    const stranger = await login(app, 'besieged@example.org', TEST_PASSWORD, nextAddress())
    expect(stranger.status).toBe(429)
    // The person's own browser: straight in, and it gets a fresh device cookie (a new nonce).
    const known = await login(app, 'besieged@example.org', TEST_PASSWORD, home, device)
    expect(known.status).toBe(200)
    expect(deviceCookieOf(known)).not.toBe(device)
    // The account's delay is untouched by that: strangers still wait.
    expect((await login(app, 'besieged@example.org', TEST_PASSWORD, nextAddress())).status).toBe(429)
    // Another account's device cookie, or a forged one, is no help.
    expect((await login(app, 'besieged@example.org', TEST_PASSWORD, home, otherDevice)).status).toBe(429)
    const [header, payload] = (device.split('=')[1] ?? '').split('.')
    const forged = `device=${header}.${payload}.${'A'.repeat(43)}`
    expect((await login(app, 'besieged@example.org', TEST_PASSWORD, home, forged)).status).toBe(429)
  })

  it("a device cookie's own failures count per cookie: after 5 it is an unknown browser for 15 minutes, and the account's count is untouched", async () => {
    let now = Date.parse('2026-11-25T10:00:00Z')
    const app = await start({}, () => now)
    await addAccount(app.db, { name: 'Typist', email: 'typist@example.org' })
    const device = deviceCookieOf(await login(app, 'typist@example.org', TEST_PASSWORD, nextAddress()))
    for (let n = 0; n < 5; n++) {
      expect((await login(app, 'typist@example.org', 'wrong password', nextAddress(), device)).status).toBe(
        401,
      )
    }
    const failures = (key: string) =>
      app.db.$client.prepare('SELECT failures FROM login_throttle WHERE key = ?').pluck().get(key)
    expect(failures('account:typist@example.org')).toBeUndefined()
    // Locked, the cookie counts as none: the account's own allowance applies, and its failures count there.
    for (let n = 0; n < 5; n++) {
      expect((await login(app, 'typist@example.org', 'wrong password', nextAddress(), device)).status).toBe(
        401,
      )
    }
    expect(failures('account:typist@example.org')).toBe(5)
    expect((await login(app, 'typist@example.org', TEST_PASSWORD, nextAddress(), device)).status).toBe(429)
    now += 15 * 60 * 1000
    expect((await login(app, 'typist@example.org', TEST_PASSWORD, nextAddress(), device)).status).toBe(200)
  })
})

describe('login throttle state', () => {
  it('survives a restart: a new app on the same data directory still answers 429', async () => {
    const now = Date.parse('2026-11-25T10:00:00Z')
    const first = await start({}, () => now)
    await addAccount(first.db, { name: 'Restart', email: 'restart@example.org' })
    const from = nextAddress()
    expect(await fail(first, 'restart@example.org', 5, from)).toEqual([401, 401, 401, 401, 401])
    const dataDir = first.ctx.env.dataDir
    await first.close()
    apps.splice(apps.indexOf(first), 1)

    const second = await start({ DATA_DIR: dataDir }, () => now)
    const answer = await login(second, 'restart@example.org', 'wrong password', nextAddress())
    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('RATE_LIMIT_SCALE multiplies the allowance', async () => {
    const app = await start({ RATE_LIMIT_SCALE: '2' })
    await addAccount(app.db, { name: 'Scaled', email: 'scaled@example.org' })
    const statuses = await fail(app, 'scaled@example.org', 11, nextAddress())
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For from the proxies it names only: a client reaching the port directly cannot pick its address', async () => {
    // 127.0.0.1 is the proxy; 127.0.0.2 a client that reaches the server directly.
    const app = await start({ TRUST_PROXY: '127.0.0.1' })
    const attempt = (email: string, from: string, forwardedFor: string) =>
      rawRequest(app.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password: 'wrong password' }),
        localAddress: from,
      })
    // A new forged address with every guess: the throttle still counts the one it comes from.
    for (let n = 0; n < 5; n++) {
      expect((await attempt(`direct-${n}@example.org`, '127.0.0.2', `203.0.113.${n + 1}`)).status).toBe(401)
    }
    expect((await attempt('direct-5@example.org', '127.0.0.2', '203.0.113.99')).status).toBe(429)
    // Through the proxy, the address it forwards is the client's: that visitor has an allowance of their own,
    expect((await attempt('proxied@example.org', '127.0.0.1', '203.0.113.99')).status).toBe(401)
    // and the direct client, forwarded by the proxy, is the address that was locked.
    expect((await attempt('proxied@example.org', '127.0.0.1', '127.0.0.2')).status).toBe(429)
  })
})
