import type { Page } from '@playwright/test'
import { site } from '#content/site'
import { framedOrigins } from '#server/security-headers.server'
import { expect, settled, test } from './fixtures'

/**
 * The Content-Security-Policy in a real browser (docs/decisions/027-security-headers-and-csp.md): pages work with it on, and the fixture fails
 * any test whose page reports a violation. Routes that are not built yet render the 404 page, which
 * hydrates, so they are checked all the same and keep being checked once they exist.
 */

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/events',
  '/contact',
  '/blogs',
  '/chapters',
  '/application-for-technical-cosponsorship',
  '/ieee-day',
  '/login',
  '/no-such-page',
]

/** The sites we frame answer with a stub page: the tests run without the internet. */
async function stubFramedSites(page: Page) {
  for (const origin of framedOrigins()) {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub</title><p>framed</p>' }),
    )
  }
}

test.describe('Content-Security-Policy in the browser', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders with no violation`, async ({ page }) => {
      await stubFramedSites(page)
      const response = await page.goto(route)
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
      await settled(page)
      await expect(page.locator('footer')).toContainText(site.chapterName)
    })
  }

  test('the hydrated 404 page runs its nonce-carrying script: React takes over the page', async ({
    page,
  }) => {
    await page.goto('/no-such-page')
    await settled(page)
    // hydrateRoot() marks its container; it only runs when the inline module script was allowed.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('root') ?? {}).some((key) =>
            key.startsWith('__reactContainer'),
          ),
        ),
      )
      .toBe(true)
  })

  test('an injected inline script is refused and reported', async ({
    page,
    consoleErrors,
    cspViolations,
  }) => {
    await page.goto('/')
    await settled(page)
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
    })
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined()
    expect(cspViolations[0]).toMatch(/^script-src-elem blocked inline/)
    expect(consoleErrors.join('\n')).toMatch(/Content Security Policy/)
    // Provoked on purpose: checked here, so the fixture's own checks start empty.
    cspViolations.length = 0
    consoleErrors.length = 0
  })

  test('a chapter landing page plays the video on click within the policy', async ({ page }) => {
    // The demo chapter with a video link (content/demo.ts): a chapter without one shows no video.
    await stubFramedSites(page)
    const response = await page.goto('/chapter/padma-university-student-branch')
    expect(response?.status()).toBe(200)
    await settled(page)
    const poster = page.locator('main a[href*="youtube.com/watch"]').first()
    await poster.click()
    await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/"]')).toBeVisible()
    await settled(page)
  })
})
