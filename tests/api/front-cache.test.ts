import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createEvent } from '#db/queries/events.server'
import { buildCachedPage, chooseEncoding } from '#server/cached-page.server'
import { FrontCache } from '#server/front-cache.server'
import { frontCacheKey } from '#server/front-cache-keys.server'
import { seedCommittees } from '#server/services/committee-seed.server'
import { addAccount, call, signIn, TEST_PASSWORD, validContact, validEvent } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { rawRequest } from '../support/raw-http'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * docs/decisions/036-front-cache.md, the front cache (server/front-cache.server.ts): anonymous renders of public pages answered
 * before Express, exactly as Express answers them, revalidated with ETags, dropped on every write and when
 * the site's day ends, never holding a page rendered for a signed-in visitor.
 */

let app: TestApp
/** The same site without the front cache: every page rendered by Express with a nonce. */
let uncached: TestApp
let clock = Date.now()
let chapterToken: string

beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production', frontCache: { now: () => clock } })
  uncached = await startTestApp({ pages: 'production', frontCache: false })
  await addAccount(app.db, { name: 'Cache Chapter', email: 'cache@example.org' })
  chapterToken = (await signIn(app, 'cache@example.org')).token
})
afterAll(async () => {
  await app.close()
  await uncached.close()
})

/** Headers that say nothing about the page: per response, or per encoding of the same page. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'etag',
  'content-length',
  'content-encoding',
  'cache-control',
  'vary',
  'content-security-policy',
  'transfer-encoding',
])
const pageHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)))
const withoutScriptSources = (policy: string | undefined) =>
  (policy ?? '').replace(/script-src [^;]*/, 'script-src ...')

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

describe('answers from the cache', () => {
  // Pages whose HTML is the same in both apps (/chapters lists each app's own chapters).
  for (const target of ['/about', '/awards', '/contact']) {
    it(`${target}: the hit is the miss byte for byte, and the page Express renders without the cache`, async () => {
      const headers = { 'accept-encoding': 'gzip, deflate, br' }
      const miss = await rawRequest(app.url, { path: target, headers })
      const hit = await rawRequest(app.url, { path: target, headers })
      expect(miss.status).toBe(200)
      expect(hit.status).toBe(200)
      expect(app.frontCache?.get(target)).toBeDefined()
      expect(hit.body.equals(miss.body)).toBe(true)
      for (const name of [
        'content-type',
        'content-encoding',
        'etag',
        'cache-control',
        'vary',
        'content-length',
      ])
        expect(hit.headers[name], name).toBe(miss.headers[name])
      expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy'])
      expect(hit.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
      expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id'])

      // Express without the cache: the same page, the same security headers; only the script allowance
      // differs (a nonce on that page's scripts, hashes on the cached one).
      const rendered = await rawRequest(uncached.url, { path: target, headers })
      expect(pageHeaders(hit.headers)).toEqual(pageHeaders(rendered.headers))
      expect(withoutScriptSources(hit.headers['content-security-policy'] as string)).toBe(
        withoutScriptSources(rendered.headers['content-security-policy'] as string),
      )
      const renderedHtml = decode(rendered.body, rendered.headers['content-encoding'] as string)
      expect(decode(hit.body, hit.headers['content-encoding'] as string)).toBe(
        renderedHtml.replace(/ nonce="[^"]*"/g, ''),
      )
      expect(hit.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      expect(hit.headers.etag).toMatch(/^"[\w-]+"$/)
    })
  }

  it('brotli, gzip or nothing, as the client accepts; the same page in each', async () => {
    await app.request('/about')
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
      ['*', 'br'],
    ]
    const bodies = new Set<string>()
    const tags = new Set<string>()
    for (const [accept, expected] of cases) {
      const answer = await rawRequest(app.url, {
        path: '/about',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      })
      expect(answer.headers['content-encoding'], String(accept)).toBe(expected)
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
      bodies.add(decode(answer.body, expected))
      tags.add(String(answer.headers.etag))
    }
    expect(bodies.size).toBe(1)
    // A strong tag per encoding: each is a different sequence of bytes.
    expect(tags.size).toBe(3)
  })

  it('reads the request headers as the client wrote them: any case, repeated lines joined, a proxy’s request id kept', async () => {
    await app.request('/about')
    const hit = await rawRequest(app.url, {
      path: '/about',
      headers: { 'ACCEPT-ENCODING': 'gzip', 'X-Request-ID': 'proxy-42.a' },
    })
    expect(hit.headers['content-encoding']).toBe('gzip')
    expect(hit.headers['x-request-id']).toBe('proxy-42.a')
    const etag = String(hit.headers.etag)
    // Two If-None-Match lines are one list, as RFC 9110 reads them.
    const revalidated = await rawRequest(app.url, {
      path: '/about',
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': ['"other"', etag] },
    })
    expect(revalidated.status).toBe(304)
    // Two Accept-Encoding lines: brotli is named in the second.
    const both = await rawRequest(app.url, {
      path: '/about',
      headers: { 'accept-encoding': ['identity', 'br'] },
    })
    expect(both.headers['content-encoding']).toBe('br')
    // An id on two lines is not an id a proxy sent: a fresh one goes out.
    const twice = await rawRequest(app.url, { path: '/about', headers: { 'x-request-id': ['a1', 'b2'] } })
    expect(twice.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(app.frontCache?.stats.hits).toBeGreaterThanOrEqual(3)
  })

  it('304 for a tag the client holds (any encoding of the page), 200 for another', async () => {
    const first = await rawRequest(app.url, { path: '/about', headers: { 'accept-encoding': 'gzip' } })
    const etag = String(first.headers.etag)
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await rawRequest(app.url, {
        path: '/about',
        headers: { 'accept-encoding': 'br', 'if-none-match': held },
      })
      expect(again.status, held).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toMatch(/-br"$/)
      expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      expect(again.headers['x-content-type-options']).toBe('nosniff')
    }
    const other = await rawRequest(app.url, { path: '/about', headers: { 'if-none-match': '"not-it"' } })
    expect(other.status).toBe(200)
  })

  it('HEAD: the headers of GET, no body', async () => {
    await app.request('/about')
    const get = await rawRequest(app.url, { path: '/about', headers: { 'accept-encoding': 'gzip' } })
    const head = await rawRequest(app.url, {
      path: '/about',
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag'])
      expect(head.headers[name]).toBe(get.headers[name])
  })

  it('tracking parameters are dropped; a parameter a page does not read is answered as the canonical URL', async () => {
    await app.request('/about')
    const tracked = await app.request('/about?utm_source=newsletter&fbclid=abc')
    expect(tracked.status).toBe(200)
    const canonicalTag = (await app.request('/about')).headers.get('etag')
    expect(tracked.headers.get('etag')).toBe(canonicalTag)
    const hits = app.frontCache?.stats.hits ?? 0
    for (const value of ['2', '3', 'x']) {
      const unknown = await app.request(`/about?page=${value}`)
      expect(unknown.status).toBe(200)
      // The cached page's strong tag: answered by the front cache, not rendered by Express.
      expect(unknown.headers.get('etag')).toBe(canonicalTag)
    }
    expect(app.frontCache?.stats.hits).toBe(hits + 3)
    expect(app.frontCache?.get('/about?page=2')).toBeUndefined()
    expect(frontCacheKey('/about?utm_source=x&b=2&a=1')).toBe('/about?a=1&b=2')
  })

  it('a parameter a page does not read, on a page not cached yet: the canonical URL is rendered and kept', async () => {
    app.frontCache?.invalidate()
    const fresh = await app.request('/chapters?session=abc')
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('etag')).not.toMatch(/^W\//)
    expect(app.frontCache?.get('/chapters')).toBeDefined()
    expect(app.frontCache?.get('/chapters?session=abc')).toBeUndefined()
    expect((await app.request('/chapters')).headers.get('etag')).toBe(fresh.headers.get('etag'))
  })

  it('odd methods, odd URLs and the console go to Express as before', async () => {
    await app.request('/about')
    const options = await rawRequest(app.url, { path: '/about', method: 'OPTIONS' })
    expect(options.headers['cache-control']).not.toBe('public, max-age=0, must-revalidate')
    const post = await rawRequest(app.url, { path: '/about', method: 'POST' })
    expect(post.status).toBe(404)
    for (const odd of ['/about%zz', '//about', '/about/../about', '/ab out'])
      expect(frontCacheKey(odd), odd).toBeNull()
    expect((await rawRequest(app.url, { path: '/about%zz' })).status).toBeGreaterThanOrEqual(400)
    const dashboard = await rawRequest(app.url, { path: '/dashboard' })
    expect(dashboard.status).toBe(302)
    expect(app.frontCache?.get('/dashboard')).toBeUndefined()
    expect(app.frontCache?.get('/login')).toBeUndefined()
    await app.request('/login')
    expect(app.frontCache?.get('/login')).toBeUndefined()
    // The countdowns are written as of the second.
    await app.request('/ieee-day')
    expect(app.frontCache?.get('/ieee-day')).toBeUndefined()
    // Not-found pages are not kept (anyone could fill the cache with them).
    await app.request('/no-such-page')
    expect(app.frontCache?.get('/no-such-page')).toBeUndefined()
  })
})

describe('what the cache never holds', () => {
  it('a page rendered for a signed-in visitor is not stored; the next anonymous visitor gets a render of their own', async () => {
    const session = await signIn(app, 'cache@example.org')
    app.frontCache?.invalidate()
    for (const target of ['/contact', '/events', '/no-such-page']) {
      const signedIn = await app.request(target, { headers: { cookie: session.cookie } })
      const html = await signedIn.text()
      expect(app.frontCache?.get(target), target).toBeUndefined()
      // What the visitor's render carries (on a hydrated page: their account in the page context).
      if (target === '/no-such-page') expect(html).toContain('cache@example.org')
      const anonymous = await app.request(target)
      const page = await anonymous.text()
      expect(page).not.toContain('cache@example.org')
      // The events filter offers every chapter by name: public, not the visitor's.
      if (target !== '/events') expect(page).not.toContain('Cache Chapter')
      expect(page).not.toMatch(/"user":\{/)
    }
    expect(app.frontCache?.get('/contact')).toBeDefined()
  })
})

describe('when entries go', () => {
  it('a successful API write drops them: a new event is on /events at the very next request', async () => {
    const before = await (await app.request('/events')).text()
    expect(app.frontCache?.get('/events')).toBeDefined()
    const title = `Cache invalidation ${Date.now()}`
    const created = await call(app, 'POST', '/api/events', {
      token: chapterToken,
      json: validEvent({ title, eventDate: siteClock.today() }),
    })
    expect(created.status).toBe(201)
    expect(app.frontCache?.get('/events')).toBeUndefined()
    const after = await (await app.request('/events')).text()
    expect(before).not.toContain(title)
    expect(after).toContain(title)
    // The event's own page and the home page show it too.
    expect(await (await app.request(`/events/${created.body.event._id}`)).text()).toContain(title)
    expect(await (await app.request('/')).text()).toContain(title)
  })

  it('editing an event drops them: the new title is on its page and on /events at the very next request', async () => {
    const created = await call(app, 'POST', '/api/events', {
      token: chapterToken,
      json: validEvent({ title: 'Before the edit', eventDate: siteClock.today() }),
    })
    const page = `/events/${created.body.event._id}`
    await app.request(page)
    await app.request('/events')
    expect(app.frontCache?.get(page)).toBeDefined()
    const title = `After the edit ${Date.now()}`
    const edited = await call(app, 'PUT', page.replace('/events', '/api/events'), {
      token: chapterToken,
      json: validEvent({ title, eventDate: siteClock.today() }),
    })
    expect(edited.status).toBe(200)
    expect(app.frontCache?.get(page)).toBeUndefined()
    expect(app.frontCache?.get('/events')).toBeUndefined()
    expect(await (await app.request(page)).text()).toContain(title)
  })

  it('writes that change no public page keep them: anonymous ones, and a signed-in rename or inbox change', async () => {
    await addAccount(app.db, { role: 'admin', name: 'Cache Admin', email: 'cache-admin@example.org' })
    app.frontCache?.invalidate()
    await app.request('/about')
    await app.request('/events')
    const stored = app.frontCache?.stats.stored ?? 0
    const writes: [string, string, unknown][] = [
      // A visitor's message, a bot's (a filled honeypot: answered alike, dropped), a forgotten password.
      ['POST', '/api/contact', validContact()],
      ['POST', '/api/contact', { ...validContact(), website: 'http://spam.example' }],
      ['POST', '/api/auth/forgot', { email: 'cache@example.org' }],
      ['POST', '/api/auth/forgot', { email: 'nobody@example.org' }],
    ]
    for (const [method, path, json] of writes) {
      const answer = await call(app, method, path, { json })
      expect(answer.status, `${method} ${path}`).toBeLessThan(300)
      expect(app.frontCache?.get('/about'), `${method} ${path}`).toBeDefined()
    }
    // A sign-in, then what the signed-in administrator does that no public page shows; then a sign-out.
    const { token } = await signIn(app, 'cache-admin@example.org')
    expect(app.frontCache?.get('/about')).toBeDefined()
    const message = (await call(app, 'GET', '/api/contact?page=1&pageSize=1', { token })).body.contacts[0]
    const signedInWrites: [string, string, unknown][] = [
      ['PATCH', '/api/auth/me', { name: 'Cache Administrator' }],
      ['PATCH', `/api/contact/${message._id}`, { read: true }],
      ['POST', '/api/invitations', { email: 'cache-invitee@example.org' }],
      ['POST', '/api/auth/logout', undefined],
    ]
    for (const [method, path, json] of signedInWrites) {
      const answer = await call(app, method, path, { token, json })
      expect(answer.status, `${method} ${path}`).toBeLessThan(300)
      expect(app.frontCache?.get('/about'), `${method} ${path}`).toBeDefined()
    }
    expect(app.frontCache?.get('/events')).toBeDefined()
    // Nothing was rendered again meanwhile: the same entries answered throughout.
    expect(app.frontCache?.stats.stored).toBe(stored)
  })

  it('a post, a committee or a page text drops only the pages that show it; menus and the footer drop all', async () => {
    await addAccount(app.db, { role: 'admin', name: 'Content Admin', email: 'content-admin@example.org' })
    const { token } = await signIn(app, 'content-admin@example.org')
    const warm = async (...paths: string[]) => {
      app.frontCache?.invalidate()
      for (const path of paths) expect((await app.request(path)).status, path).toBe(200)
    }
    const kept = (path: string) => app.frontCache?.get(path) !== undefined

    // A draft shows nowhere: nothing goes. Published, it is on /blogs and its page; the rest stays.
    await warm('/about', '/events', '/blogs', '/blogs?page=2')
    const post = { title: `Cached post ${Date.now()}`, summary: 'A summary.', body: 'A body.' }
    const draft = await call(app, 'POST', '/api/posts', { token, json: { ...post, status: 'draft' } })
    expect(draft.status).toBe(201)
    expect(kept('/blogs')).toBe(true)
    const published = await call(app, 'PUT', `/api/posts/${draft.body.post._id}`, {
      token,
      json: { status: 'published' },
    })
    expect(published.status).toBe(200)
    expect([kept('/blogs'), kept('/blogs?page=2'), kept('/about'), kept('/events')]).toEqual([
      false,
      false,
      true,
      true,
    ])
    expect(await (await app.request('/blogs')).text()).toContain(post.title)

    // Its members changed, a published committee drops its own page; unpublished, it leaves the menus.
    seedCommittees(app.db, new Date(app.ctx.clock.now()))
    const [committee] = (await call(app, 'GET', '/api/committees', { token })).body.committees
    const full = (await call(app, 'GET', `/api/committees/${committee._id}`, { token })).body.committee
    const content = { title: full.title, intro: full.intro, groups: full.groups, members: full.members }
    await warm(committee.path, '/about')
    const reordered = await call(app, 'PUT', `/api/committees/${committee._id}`, {
      token,
      json: { ...content, status: 'published', members: [...full.members].reverse() },
    })
    expect(reordered.status).toBe(200)
    expect([kept(committee.path), kept('/about')]).toEqual([false, true])
    await warm(committee.path, '/about')
    const hidden = await call(app, 'PUT', `/api/committees/${committee._id}`, {
      token,
      json: { ...content, status: 'draft' },
    })
    expect(hidden.status).toBe(200)
    expect([kept(committee.path), kept('/about')]).toEqual([false, false])
    await call(app, 'PUT', `/api/committees/${committee._id}`, {
      token,
      json: { ...content, status: 'published' },
    })

    // The awards are on /awards only; the contact phone is in every page's footer.
    const site = (await call(app, 'GET', '/api/site')).body.site
    await warm('/awards', '/about', '/')
    const awards = await call(app, 'PUT', '/api/site', {
      token,
      json: {
        ...site,
        awards: {
          ...site.awards,
          cards: [{ ...site.awards.cards[0], name: 'Another Name' }, ...site.awards.cards.slice(1)],
        },
      },
    })
    expect(awards.status).toBe(200)
    expect([kept('/awards'), kept('/about'), kept('/')]).toEqual([false, true, true])
    await warm('/awards', '/about')
    const phone = await call(app, 'PUT', '/api/site', {
      token,
      json: { ...site, contact: { ...site.contact, phone: '+880 1700-111111' } },
    })
    expect(phone.status).toBe(200)
    expect([kept('/awards'), kept('/about')]).toEqual([false, false])
    await call(app, 'PUT', '/api/site', { token, json: site })
  })

  it('a refused write, or a read, drops nothing', async () => {
    await app.request('/about')
    const refused = await call(app, 'POST', '/api/events', { token: chapterToken, json: { title: '' } })
    expect(refused.status).toBe(400)
    await call(app, 'GET', '/api/events?page=1&pageSize=5')
    expect(app.frontCache?.get('/about')).toBeDefined()
  })

  it('every entry expires when the site\'s day ends in TIME_ZONE, whatever the process\'s zone (the upcoming/past split, "today", the year)', async () => {
    app.frontCache?.invalidate()
    const site = app.ctx.clock
    expect(site.timeZone).toBe('Asia/Dhaka')
    clock = site.instantOf('2031-06-10', '23:59')
    await app.request('/about')
    const stored = app.frontCache?.get('/about')
    // Midnight in Dhaka is 18:00 UTC the day before: a process in UTC (or Los Angeles) must not wait for its own.
    expect(new Date(stored?.expiresAt ?? 0).toISOString()).toBe('2031-06-10T18:00:00.000Z')
    clock = site.instantOf('2031-06-11') - 1
    expect(app.frontCache?.get('/about')).toBe(stored)
    clock = site.instantOf('2031-06-11')
    expect(app.frontCache?.get('/about')).toBeUndefined()
    const stats = { ...app.frontCache?.stats }
    await app.request('/about')
    expect(app.frontCache?.stats.stored).toBe((stats.stored ?? 0) + 1)
    clock = Date.now()
  })

  it('a render that started before a write is not stored after it', async () => {
    const cache = new FrontCache({ requestId: () => 'id', requestIdHeader: 'X-Request-Id' })
    const generation = cache.generation
    const page = buildCachedPage({
      key: '/x',
      body: '<p>old</p>',
      contentType: 'text/html',
      cacheControl: 'no-cache',
      headers: [],
      dayEndsAt: Number.POSITIVE_INFINITY,
    })
    cache.invalidate()
    expect(cache.store(page, generation)).toBe(false)
    expect(cache.get('/x')).toBeUndefined()
    expect(cache.store(page, cache.generation)).toBe(true)
  })
})

describe('the least recently used', () => {
  const pageOf = (key: string, length = 4000) =>
    buildCachedPage({
      key,
      body: `${key}${'x'.repeat(length)}`,
      contentType: 'text/html',
      cacheControl: 'no-cache',
      headers: [],
      dayEndsAt: Number.POSITIVE_INFINITY,
      query: { reads: ['q'] },
    })
  const answer = (cache: FrontCache, url: string) =>
    cache.serve(
      { method: 'GET', url, headers: {}, socket: {} } as never,
      { writeHead: () => undefined, end: () => undefined } as never,
    )

  it('keeps at most maxBytes, dropping the least recently used first', () => {
    const size = pageOf('/a').bytes
    const cache = new FrontCache({
      maxBytes: size * 3 + 10,
      requestId: () => 'id',
      requestIdHeader: 'X-Request-Id',
    })
    for (const key of ['/a', '/b', '/c']) cache.store(pageOf(key), cache.generation)
    // Serving /a makes it the most recently used; /b is now the oldest.
    answer(cache, '/a')
    cache.store(pageOf('/d'), cache.generation)
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/c')).toBeDefined()
    expect(cache.get('/d')).toBeDefined()
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
  })

  it('goes first among the pages with a query string once there are more than maxQueryPages', () => {
    const cache = new FrontCache({ maxQueryPages: 2, requestId: () => 'id', requestIdHeader: 'X-Request-Id' })
    for (const key of ['/e', '/e?q=1', '/e?q=2']) cache.store(pageOf(key), cache.generation)
    expect(answer(cache, '/e?q=1')).toBe(true)
    cache.store(pageOf('/e?q=3'), cache.generation)
    expect(cache.get('/e?q=2')).toBeUndefined()
    expect(cache.get('/e?q=1')).toBeDefined()
    expect(cache.get('/e?q=3')).toBeDefined()
    // The page without a query string is not counted among them, however old.
    expect(cache.get('/e')).toBeDefined()
    expect(cache.stats.evicted).toBe(1)
  })

  it('goes first, one after another, when a large page needs the room of several', () => {
    const size = pageOf('/a').bytes
    const cache = new FrontCache({
      maxBytes: size * 4,
      requestId: () => 'id',
      requestIdHeader: 'X-Request-Id',
    })
    for (const key of ['/a', '/b', '/c', '/d']) cache.store(pageOf(key), cache.generation)
    answer(cache, '/a')
    answer(cache, '/c')
    cache.store(pageOf('/large', 6000), cache.generation)
    // /b and /d were used least recently: both go to make room, /a and /c stay.
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/d')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/c')).toBeDefined()
    expect(cache.get('/large')).toBeDefined()
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
    expect(cache.stats.evicted).toBe(2)
  })
})

describe('the request log', () => {
  it('by default a hit has no line of its own: a line each minute counts them, and administrators see the counts', async () => {
    const lines: string[] = []
    const logged = await startTestApp({
      pages: 'production',
      env: { LOG_LEVEL: 'info' },
      frontCache: { countsLineMs: 50 },
      logStream: { write: (line: string) => lines.push(line) },
    })
    try {
      await (await logged.request('/about')).text()
      const hit = await logged.request('/about')
      await hit.text()
      const revalidated = await logged.request('/about', {
        headers: { 'if-none-match': hit.headers.get('etag') ?? '' },
      })
      expect(revalidated.status).toBe(304)
      // The id still goes out with the answer.
      expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      // Each line counts what came since the previous one: together they count every answer once.
      const countLines = () =>
        lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'front cache')
      const total = (name: string) => countLines().reduce((sum, line) => sum + line.frontCache[name], 0)
      await expect.poll(() => total('hits') + total('notModified')).toBe(2)
      expect({ hits: total('hits'), notModified: total('notModified'), stored: total('stored') }).toEqual({
        hits: 1,
        notModified: 1,
        stored: 1,
      })
      expect(countLines()[0]).toMatchObject({ level: 30, frontCache: { entries: 1 } })
      const parsed = lines.map((line) => JSON.parse(line))
      expect(parsed.filter((line) => line.cache === 'hit')).toEqual([])
      expect(parsed.find((line) => line.req?.id === hit.headers.get('x-request-id'))).toBeUndefined()
      // Counts since the previous line: nothing answered since, no line.
      const counted = countLines().length
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(countLines()).toHaveLength(counted)

      await addAccount(logged.db, { role: 'admin', name: 'Cache Admin', email: 'cache-admin@example.org' })
      const { token } = await signIn(logged, 'cache-admin@example.org')
      const health = await call(logged, 'GET', '/api/health', { token })
      expect(health.body.frontCache).toMatchObject({
        entries: 1,
        hits: 1,
        notModified: 1,
        stored: 1,
        evicted: 0,
      })
      expect(health.body.frontCache.bytes).toBeGreaterThan(0)
    } finally {
      await logged.close()
    }
  })

  it('with LOG_CACHE_HITS a hit has its line, with the id it was answered with, in the shape of the other request lines', async () => {
    const lines: string[] = []
    const logged = await startTestApp({
      pages: 'production',
      env: { LOG_LEVEL: 'info', LOG_CACHE_HITS: 'true' },
      logStream: { write: (line: string) => lines.push(line) },
    })
    try {
      const miss = await logged.request('/about', { headers: { cookie: 'session=not-a-token' } })
      const hit = await logged.request('/about?utm_source=mail', {
        headers: { authorization: 'Bearer secret-token', cookie: 'session=secret' },
      })
      await hit.text()
      await miss.text()
      const parsed = lines.map((line) => JSON.parse(line))
      const hitLine = parsed.find((line) => line.req?.id === hit.headers.get('x-request-id'))
      expect(hitLine).toMatchObject({
        level: 30,
        msg: 'request completed',
        cache: 'hit',
        req: { method: 'GET', url: '/about?utm_source=mail' },
        res: { statusCode: 200 },
      })
      expect(typeof hitLine.responseTime).toBe('number')
      expect(new Date(hitLine.time).getTime()).toBeGreaterThan(0)
      const missLine = parsed.find((line) => line.req?.id === miss.headers.get('x-request-id'))
      expect(missLine).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } })
      expect(lines.join('\n')).not.toMatch(/secret/)
    } finally {
      await logged.close()
    }
  })
})

describe('pieces', () => {
  it('chooses brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(chooseEncoding('*;q=0')).toBe('identity')
    expect(chooseEncoding('')).toBe('identity')
  })

  it('pages past the first of /events are kept per URL', async () => {
    const { chapter: owner } = createChapterWithOfficer(app.db, {
      name: 'Paging Chapter',
      email: 'paging@example.org',
      passwordHash: TEST_PASSWORD,
    })
    for (let i = 0; i < 15; i++) {
      createEvent(app.db, owner.id, {
        ...validEvent({ title: `Old ${i}` }),
        eventDate: `2001-01-${String(i + 1).padStart(2, '0')}`,
      })
    }
    app.frontCache?.invalidate()
    const html = await (await app.request('/events')).text()
    const older = /href="(\/events\?before=[^"#]+)/.exec(html)?.[1]?.replace(/&amp;/g, '&')
    expect(older).toBeTruthy()
    const next = await app.request(older ?? '')
    expect(next.status).toBe(200)
    expect(app.frontCache?.get(frontCacheKey(older ?? '') ?? '')).toBeDefined()
    // The cursor is kept, any other parameter left out: the same page as the cursor's URL.
    const withUnknown = await app.request(`${older}&x=${Date.now()}`)
    expect(withUnknown.headers.get('etag')).toBe(next.headers.get('etag'))
    expect(await withUnknown.text()).toBe(await next.text())
    expect(await (await app.request(`/events?x=1&${older?.split('?')[1]}`)).text()).not.toBe(
      await (await app.request('/events?x=1')).text(),
    )
  })
})
