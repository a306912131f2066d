import { test as base, expect, type Page } from '@playwright/test'

/**
 * The shared test: baseURL points at the server started by global-setup, and every page fails its
 * test when the browser logs an error, throws, or reports a Content-Security-Policy violation. A test
 * that provokes one on purpose checks it and empties the array.
 */
export const test = base.extend<{ consoleErrors: string[]; cspViolations: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through `npm run test:e2e`')
    await use(url)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const documentUrls = new Set<string>()
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documentUrls.add(request.url())
      })
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A page opened on purpose with a 4xx status (the 404 and 403 pages) logs its own status;
        // a failed sub-resource is still an error.
        const failedDocument =
          message.text().startsWith('Failed to load resource') && documentUrls.has(message.location().url)
        if (!failedDocument) errors.push(`${message.text()} (${message.location().url})`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text)
      })
      // Runs before any script of the page, in every frame of ours; the browser's own listener, not ours to block.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
            .__reportCspViolation
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`,
          )
        })
      })
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until the page, its frames and images have loaded and its scripts have run (React took over, or the
 * chrome's enhancers finished: both set <html data-hydrated>), so nothing the page does late is missed. Not
 * 'networkidle': on a loaded machine it once waited 30 s on a page that had finished.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  if ((await page.locator('script[src]').count()) > 0)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/**
 * Opens `path` and checks that it loads no React: only the small script every page runs (pages/+client.ts), and
 * at most the module loader Vite gives the enhancers that script imports on demand.
 */
export async function expectOnlyThePageScript(page: Page, path: string): Promise<void> {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto(path)
  await settled(page)
  expect(scripts.length).toBeLessThanOrEqual(2)
  expect(scripts).toContainEqual(expect.stringMatching(/\/assets\/entries\/pages_client\.[\w-]+\.js$/))
  for (const script of scripts)
    expect(script).toMatch(/\/assets\/(?:entries\/pages_client|chunks\/chunk)-?[.\w-]+\.js$/)
}
