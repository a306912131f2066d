import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

// Pages rendered by the production build inside the test app: Vike needs production mode.
let app: TestApp
beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production' })
})
afterAll(() => app.close())

describe('page errors', () => {
  it('a page whose data cannot load answers 500 with the error page and no internals', async () => {
    const ok = await app.request('/')
    expect(ok.status).toBe(200)
    app.db.$client.close()
    // The home page is in the front cache by now and is still served; a page not rendered yet fails.
    expect((await app.request('/')).status).toBe(200)
    const response = await app.request('/events')
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('Something went wrong while loading this page.')
    expect(html).not.toMatch(/database connection|SqliteError|\.server\.ts|at .*:\d+:\d+/)
  })
})
