import { expect, test } from './fixtures'
import { collectScripts, gzippedTotal } from './page-weight'

/**
 * docs/decisions/035-performance.md in a real browser: what interactive public pages ship (a build-size check, no timing), the
 * policy of cached pages, and the images' copies. Timing is measured by `npm run bench`, never here.
 */

/** Demo chapter seeded by the e2e server (content/demo.ts). */
const LANDING = '/chapter/padma-university-student-branch'
const BUDGET_BYTES = 110 * 1024

test.describe('the JavaScript budget', () => {
  for (const path of ['/contact', LANDING]) {
    test(`${path} ships at most 110 KB of gzipped JavaScript, and no React`, async ({ page }) => {
      const scripts = collectScripts(page)
      await page.goto(path, { waitUntil: 'networkidle' })
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const loaded = await scripts.settled()
      expect(gzippedTotal(loaded)).toBeLessThanOrEqual(BUDGET_BYTES)
      await expect(page.locator('#vike_pageContext')).toHaveCount(0)
      const hasReact = await page.evaluate(() =>
        [...document.querySelectorAll('*')].some((element) =>
          Object.keys(element).some((key) => key.startsWith('__react')),
        ),
      )
      expect(hasReact).toBe(false)
    })
  }

  test('the carousel library loads only on pages with a carousel', async ({ page }) => {
    const scripts = collectScripts(page)
    await page.goto('/events', { waitUntil: 'networkidle' })
    const onEvents = gzippedTotal(await scripts.settled())
    expect(onEvents).toBeLessThan(4 * 1024)
    const landing = collectScripts(page)
    await page.goto(LANDING, { waitUntil: 'networkidle' })
    expect(gzippedTotal(await landing.settled())).toBeGreaterThan(onEvents + 10 * 1024)
  })
})

test.describe('cached pages and the policy', () => {
  for (const path of ['/', '/events', '/contact', LANDING]) {
    test(`${path}: the same bytes each time, allowed by hashes (never a nonce), an injected script refused`, async ({
      page,
      cspViolations,
      consoleErrors,
    }) => {
      const first = await page.request.get(path)
      const second = await page.request.get(path)
      expect(await second.body()).toEqual(await first.body())
      expect(second.headers().etag).toBe(first.headers().etag)
      const policy = second.headers()['content-security-policy'] ?? ''
      expect(policy).toMatch(/script-src 'self'/)
      expect(policy).not.toContain('nonce-')
      expect(await second.text()).not.toContain('nonce=')

      await page.goto(path)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.evaluate(() => {
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.body.append(script)
      })
      await expect.poll(() => cspViolations.length).toBeGreaterThan(0)
      expect(
        await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
      ).toBeUndefined()
      expect(cspViolations[0]).toMatch(/^script-src-elem blocked inline/)
      // Provoked on purpose: checked here, so the fixture's own checks start empty.
      cspViolations.length = 0
      consoleErrors.length = 0
    })
  }

  test('the browser revalidates a cached page with its tag and gets a 304', async ({ page }) => {
    const first = await page.request.get('/about')
    const etag = first.headers().etag ?? ''
    expect(etag).toMatch(/^"/)
    const again = await page.request.get('/about', { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)
  })
})

test.describe('images', () => {
  test('the landing shows the copies of its uploads that fit, with their dimensions written out', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(LANDING, { waitUntil: 'networkidle' })
    const logo = page.getByRole('img', { name: /^Logo of / })
    await expect(logo).toHaveAttribute('width', '192')
    await expect(logo).toHaveAttribute('srcset', /-160w\.webp 160w/)
    await expect
      .poll(() => logo.evaluate((element) => (element as HTMLImageElement).currentSrc))
      .toMatch(/-\d+w\.webp$/)
    // Committee photos are below the fold: lazy.
    const member = page.locator('#chapter-excom ~ div img').first()
    await expect(member).toHaveAttribute('loading', 'lazy')
    await expect(member).toHaveAttribute('srcset', /w\.webp \d+w/)
  })
})
