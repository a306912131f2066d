import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

describe('API foundation', () => {
  it('GET /api/health tells anyone only whether the database answers', async () => {
    const response = await app.request('/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, ok: true })
    // An officer is told no more than a stranger.
    const officer = await addAccount(app.db, { name: 'Health Chapter', email: 'health-officer@example.org' })
    const { token } = await signIn(app, officer.email)
    expect((await call(app, 'GET', '/api/health', { token })).body).toEqual({ success: true, ok: true })
  })

  it('GET /api/health tells a signed-in administrator the version, the uptime, the last backup and the front cache', async () => {
    await addAccount(app.db, { role: 'admin', name: 'Health Admin', email: 'health-admin@example.org' })
    const { token, cookie } = await signIn(app, 'health-admin@example.org')
    const answer = await call(app, 'GET', '/api/health', { token })
    expect(answer.status).toBe(200)
    // No backup taken yet: `backup` is null until the first one.
    expect(answer.body).toEqual({
      success: true,
      ok: true,
      db: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      uptimeSeconds: expect.any(Number),
      backup: null,
      // This app serves no pages: no front cache.
      frontCache: null,
    })
    expect((await call(app, 'GET', '/api/health', { cookie })).body.version).toEqual(answer.body.version)
  })

  it('GET /api/health fails as JSON when the database is gone', async () => {
    const broken = await startTestApp()
    broken.db.$client.close()
    const response = await broken.request('/api/health')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ success: false, message: 'Internal server error' })
    await broken.close().catch(() => {})
  })

  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown /api path is a JSON 404', async (method) => {
    const response = await app.request('/api/does-not-exist', { method })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await response.json()
    expect(body.success).toBe(false)
    expect(typeof body.message).toBe('string')
  })

  it('malformed JSON is a 400 with the JSON error shape', async () => {
    const response = await app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' })
  })

  it('an oversized body is a 413 with the JSON error shape', async () => {
    const response = await app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(200_000) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ success: false, message: 'The request body is too large.' })
  })

  it('API answers are never cached and never say what serves them', async () => {
    const response = await app.request('/api/health')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('x-powered-by')).toBeNull()
  })

  it('compresses JSON when the client accepts it', async () => {
    const response = await app.request('/api/does-not-exist-but-long-enough-to-compress'.padEnd(1200, 'x'), {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it('serves nothing outside the uploads folder under /uploads', async () => {
    for (const path of ['/uploads/../chapter.db', '/uploads/%2e%2e/chapter.db', '/uploads/.tmp-x']) {
      const response = await app.request(path)
      expect(response.status).toBe(404)
    }
  })
})
