import { test as base, expect, type Page } from '@playwright/test'

/**
 * The shared test: baseURL points at the server started by global-setup, and every page fails its
 * test when the browser logs an error, throws, or reports a Content-Security-Policy violation. A test
 * that provokes one on purpose checks it and empties the array.
 */
export const test = base.extend<{
  consoleErrors: string[]
  cspViolations: string[]
  toastRecorder: undefined
}>({
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
  toastRecorder: [
    async ({ page }, use) => {
      await recordToastsOf(page)
      await use(undefined)
    },
    { auto: true },
  ],
})

/** What the recorder keeps in the page: each text a toast showed, in order, and how many a test has taken. */
type ToastRecord = { shown: string[]; taken: number }

/**
 * Keeps every text a toast (sonner's `[data-sonner-toast]`) shows in each document of the page, also after
 * the toast is gone: a success toast lives two seconds, which a busy machine can spend rendering what came
 * with it before a check looks. A toast whose text changes (a promise toast) is kept once per text. Every
 * page of the shared test has it; a page a test opens itself can be given it.
 */
export async function recordToastsOf(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { shown: [] as string[], taken: 0 }
    ;(window as unknown as { __toasts: typeof record }).__toasts = record
    const lastText = new WeakMap<Element, string>()
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent ?? ''
        if (text === '' || lastText.get(toast) === text) continue
        lastText.set(toast, text)
        record.shown.push(text)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

/**
 * Waits for a toast containing `text` that no earlier call took, shown at any time since the page's document
 * loaded (even if it is gone by now), and takes it with those shown before it: two saves in a row each need
 * their own toast, and toasts are expected in the order they came.
 */
export async function expectToast(page: Page, text: string, options?: { timeout?: number }): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate((wanted) => {
            const record = (window as unknown as { __toasts?: ToastRecord }).__toasts
            if (!record) return 'this page has no toast recorder (recordToastsOf)'
            const index = record.shown.findIndex((shown, at) => at >= record.taken && shown.includes(wanted))
            if (index === -1) return `not among ${JSON.stringify(record.shown.slice(record.taken))}`
            record.taken = index + 1
            return 'shown'
          }, text)
          // A navigation in progress destroys the context the check runs in; the next poll looks again.
          .catch((error: Error) => error.message),
      { message: `a toast with "${text}"`, ...options },
    )
    .toBe('shown')
}

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
