import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicPageCacheControl } from '#server/api/pages.server'
import { addAccount, call, signIn } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Behind a shared cache (SHARED_CACHE_SECONDS): public pages may be kept by nginx or a CDN for N seconds;
 * anything rendered for one visitor, the API's answers and every answer that sets a cookie are never
 * kept by any cache.
 */

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60'
const PRIVATE = 'private, no-store'

let app: TestApp
/** The same site with the setting left at its default. */
let plain: TestApp
let cookie: string

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', env: { SHARED_CACHE_SECONDS: '60' } })
  plain = await startTestApp({ pages: 'production' })
  await addAccount(app.db, { name: 'Shared Cache Chapter', email: 'shared-cache@example.org' })
  cookie = (await signIn(app, 'shared-cache@example.org')).cookie
})
afterAll(async () => {
  await app?.close()
  await plain?.close()
})

describe('shared cache headers', () => {
  it('public pages say how long a shared cache may keep them, rendered, from the front cache and on a 304', async () => {
    const first = await app.request('/events')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe(SHARED)
    const hit = await app.request('/events')
    expect(hit.headers.get('cache-control')).toBe(SHARED)
    const etag = hit.headers.get('etag') ?? ''
    const notModified = await app.request('/events', { headers: { 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('cache-control')).toBe(SHARED)
  })

  it('without the setting, public pages stay as they were: revalidated, no shared lifetime', async () => {
    const page = await plain.request('/events')
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(publicPageCacheControl(0)).toBe('public, max-age=0, must-revalidate')
  })

  it('the sign-in page, the console and a public page seen signed in are private', async () => {
    expect((await app.request('/login')).headers.get('cache-control')).toBe(PRIVATE)
    const console_ = await app.request('/dashboard', { headers: { cookie }, redirect: 'manual' })
    expect(console_.status).toBe(200)
    expect(console_.headers.get('cache-control')).toBe(PRIVATE)
    // A page not yet in the front cache, rendered for this visitor.
    const signedIn = await app.request('/chapters', { headers: { cookie } })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('cache-control')).toBe(PRIVATE)
  })

  it('API answers are private, a sign-in above all', async () => {
    expect((await app.request('/api/health')).headers.get('cache-control')).toBe(PRIVATE)
    const login = await call(app, 'POST', '/api/auth/login', {
      json: { email: 'shared-cache@example.org', password: 'a long test password 7' },
    })
    expect(login.status).toBe(200)
    expect(login.headers.getSetCookie().length).toBeGreaterThan(0)
    expect(login.headers.get('cache-control')).toBe(PRIVATE)
  })

  it('a public page answered while a stale session cookie is cleared is private, not shared', async () => {
    // Not yet in the front cache: rendered for the cache and sent from the stored entry, with the
    // cookie-clearing lines the session check added.
    const answer = await app.request('/about', { headers: { cookie: 'session=not-a-valid-token' } })
    expect(answer.status).toBe(200)
    expect(answer.headers.getSetCookie().join('\n')).toMatch(/session=;/)
    expect(answer.headers.get('cache-control')).toBe(PRIVATE)
    // The stored entry itself stays public for everyone else.
    const anonymous = await app.request('/about')
    expect(anonymous.headers.getSetCookie()).toEqual([])
    expect(anonymous.headers.get('cache-control')).toBe(SHARED)
  })
})
