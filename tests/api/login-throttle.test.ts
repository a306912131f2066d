import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, TEST_PASSWORD } from '../support/api'
import { rawRequest } from '../support/raw-http'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * The login throttle (docs/decisions/012-passwords-and-sign-in-throttle.md): 5 failures in 15 minutes per account and per client address,
 * then 429 with Retry-After, kept in the database. TRUST_PROXY lets each test sign in from its own
 * address through X-Forwarded-For.
 */

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {})
})

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ env: { TRUST_PROXY: 'true', ...env } })
  apps.push(app)
  return app
}

let address = 0
const nextAddress = () => `198.51.100.${++address}`

const login = (app: TestApp, email: string, password: string, from: string) =>
  call(app, 'POST', '/api/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': from } })

async function fail(app: TestApp, email: string, times: number, from: string) {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push((await login(app, email, 'wrong password', from)).status)
  return statuses
}

describe('login throttle', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await start()
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      await addAccount(app.db, { name, email: `${name}@example.org` })
    }
  })

  it('the 6th failed login in a row for an account is a 429 with Retry-After, even with the right password', async () => {
    const statuses = await fail(app, 'one@example.org', 5, nextAddress())
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const sixth = await login(app, 'one@example.org', 'wrong password', nextAddress())
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual({
      success: false,
      message: 'Too many failed sign-ins. Try again in 15 minutes.',
    })
    const retryAfter = Number(sixth.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect((await login(app, 'one@example.org', TEST_PASSWORD, nextAddress())).status).toBe(429)
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

describe('login throttle state', () => {
  it('survives a restart: a new app on the same data directory still answers 429', async () => {
    const first = await start()
    await addAccount(first.db, { name: 'Restart', email: 'restart@example.org' })
    const from = nextAddress()
    expect(await fail(first, 'restart@example.org', 5, from)).toEqual([401, 401, 401, 401, 401])
    const dataDir = first.ctx.env.dataDir
    await first.close()
    apps.splice(apps.indexOf(first), 1)

    const second = await start({ DATA_DIR: dataDir })
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
