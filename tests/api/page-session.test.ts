import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, setCookies, signIn } from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

// Pages rendered by the production build inside the test app: Vike needs production mode.
let app: TestApp
beforeAll(async () => {
  ensureProductionBuild()
  process.env.NODE_ENV = 'production'
  app = await startTestApp({ pages: 'production' })
  await addAccount(app.db, { name: 'Page Reader', email: 'page-reader@example.org' })
})
afterAll(() => app.close())

/** The pageContext a page hands to the browser (the 404 page hydrates, so it carries one). */
async function pageContextOf(cookie?: string, from: TestApp = app) {
  const response = await from.request('/no-such-page', cookie ? { headers: { cookie } } : {})
  const html = await response.text()
  const json = /<script id="vike_pageContext" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]
  return { response, pageContext: JSON.parse(json ?? '{}') }
}

describe('the session on page requests', () => {
  it('gives pages the signed-in account as pageContext.user, and null to a visitor', async () => {
    const session = await signIn(app, 'page-reader@example.org')
    const signedIn = await pageContextOf(session.cookie)
    expect(signedIn.pageContext.user).toEqual({
      email: 'page-reader@example.org',
      isAdmin: false,
      name: 'Page Reader',
      slug: 'page-reader',
    })
    expect(JSON.stringify(signedIn.pageContext)).not.toContain(session.token)
    expect((await pageContextOf()).pageContext.user).toBeNull()
  })

  it('lets the console guard see whom a session acts for: a console page opens, without one it redirects', async () => {
    const session = await signIn(app, 'page-reader@example.org')
    const signedIn = await app.request('/dashboard', {
      headers: { cookie: session.cookie },
      redirect: 'manual',
    })
    expect(signedIn.status).toBe(200)
    const visitor = await app.request('/dashboard', { redirect: 'manual' })
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/\/login$/)
  })

  it('clears a session cookie that is no longer valid', async () => {
    const { response, pageContext } = await pageContextOf('session=expired-or-forged; signed_in=1')
    expect(pageContext.user).toBeNull()
    const cookies = setCookies(response.headers)
    expect(cookies.session).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970/)
    expect(cookies.signed_in).toMatch(/^signed_in=; Path=\/; Expires=Thu, 01 Jan 1970/)
  })

  it('over https reads the session from the __Host- cookie, as the API does', async () => {
    const secure = await startTestApp({
      pages: 'production',
      env: { PUBLIC_URL: 'https://chapter.example.org' },
    })
    try {
      await addAccount(secure.db, { name: 'Secure Reader', email: 'secure-reader@example.org' })
      const session = await signIn(secure, 'secure-reader@example.org')
      expect(session.cookie).toMatch(/^__Host-session=/)
      const page = async (cookie: string) => (await pageContextOf(cookie, secure)).pageContext.user
      expect(await page(session.cookie)).toMatchObject({ email: 'secure-reader@example.org' })
      expect(await page(`session=${session.token}`)).toBeNull()
    } finally {
      await secure.close()
    }
  })
})
