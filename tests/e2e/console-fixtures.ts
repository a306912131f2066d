import { type APIRequestContext, type Page, request } from '@playwright/test'
import sharp from 'sharp'
import { unique } from '../support/api'
import { daysFromToday, startingSoon } from '../support/site-clock'
import { test as base, expect, expectToast, recordToastsOf } from './fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * Fixtures for the console's browser tests: an API client signed in as the administrator, and a fresh
 * chapter account (created through the API by the administrator, deleted afterwards with everything it
 * owns) so that chapter-role tests see only their own events and members.
 */

export type ApiClient = {
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the answer.
  call: (method: string, path: string, data?: unknown) => Promise<{ status: number; body: any }>
  /** POST /api/uploads with a PNG made for the test; answers the image's URL. */
  upload: (color?: string) => Promise<string>
}

export type ChapterAccount = { name: string; email: string; password: string; slug: string; api: ApiClient }

async function signedInClient(
  context: APIRequestContext,
  email: string,
  password: string,
): Promise<ApiClient> {
  const login = await context.post('/api/auth/login', { data: { email, password } })
  if (login.status() !== 200) throw new Error(`sign-in of ${email} failed: ${login.status()}`)
  const { token } = await login.json()
  return {
    call: async (method, path, data) => {
      // Bearer requests need no Origin (docs/decisions/011-sessions.md); the cookie jar of this context stays unused.
      const response = await context.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      })
      return { status: response.status(), body: await response.json().catch(() => null) }
    },
    upload: async (color) => {
      const response = await context.post('/api/uploads', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { image: await pngFile('upload.png', color) },
      })
      if (response.status() !== 201) throw new Error(`upload failed: ${response.status()}`)
      return (await response.json()).data.url
    },
  }
}

export const CHAPTER_PASSWORD = 'quiet harbour lantern 42'

export const test = base.extend<{ adminApi: ApiClient; chapter: ChapterAccount }>({
  adminApi: async ({ baseURL }, use) => {
    const context = await request.newContext({ baseURL })
    await use(await signedInClient(context, E2E_ADMIN.email, E2E_ADMIN.password))
    await context.dispose()
  },
  chapter: async ({ adminApi, baseURL, page }, use) => {
    const name = unique('Test Chapter')
    const email = `${name.replace(/\W+/g, '-').toLowerCase()}@example.org`
    const created = await adminApi.call('POST', '/api/users', {
      name,
      email,
      password: CHAPTER_PASSWORD,
      phone: '+880 1711-000000',
    })
    if (created.status !== 201) throw new Error(`creating a chapter failed: ${JSON.stringify(created.body)}`)
    const slug: string = created.body.chapter.slug
    const context = await request.newContext({ baseURL })
    const api = await signedInClient(context, email, CHAPTER_PASSWORD)
    await use({ name, email, password: CHAPTER_PASSWORD, slug, api })
    await context.dispose()
    // The test may end as its page starts a request (a save that goes on to a list): leave the page first,
    // so removing the chapter cannot answer that request 401 and fail the test's console check.
    await page.goto('about:blank')
    await adminApi.call('DELETE', `/api/users/${slug}`)
  },
})

export { expect, expectToast, recordToastsOf, unique }

/**
 * Signs the page's browser context in through the API (the form itself is tested in console-auth), on
 * the shared server or on `serverUrl`.
 */
export async function signIn(page: Page, email: string, password: string, serverUrl = ''): Promise<void> {
  const response = await page.request.post(`${serverUrl}/api/auth/login`, { data: { email, password } })
  expect(response.status()).toBe(200)
}

/** Opens a console page and waits until React has hydrated it. */
export async function openConsole(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return response
}

/** A small PNG made for the test (no binaries in the repository). */
export async function pngFile(name = 'image.png', color = '#1b73b8') {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/**
 * The site's date `days` from today (TIME_ZONE's), as the event form takes it. The fixtures' events are that
 * far ahead whenever the suite runs: registration open, listed as upcoming (a fixed date turned them all
 * into past events once it went by).
 */
export { daysFromToday, startingSoon }

/** A valid event for the API, with a banner uploaded by the test. */
export const eventFields = (banner: string, overrides: Record<string, unknown> = {}) => ({
  title: 'A test event',
  startTime: '10:00',
  endTime: '12:00',
  eventDate: daysFromToday(60),
  location: 'Dhaka',
  host: 'Test Chapter',
  registrationMethod: 'Online',
  fees: 0,
  banner,
  eventLink: 'https://www.facebook.com/events/1',
  description: 'A test event.',
  ...overrides,
})

/** The toast with this text (sonner renders toasts in a live region). */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text })

/**
 * Confirms the open restore dialog of a revision list (components/console/RevisionList.tsx) and waits for
 * its answer: the dialog says "Restoring..." until the item is back and its form started again, which on a
 * busy machine can take longer than an ordinary check waits. Then its toast.
 */
export async function confirmRestore(page: Page, number: number) {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 30_000 })
  await expectToast(page, `Revision ${number} restored`)
}

/**
 * The browser logs every 4xx answer of the API as a console error, also one that the test provokes on
 * purpose and the page handles (a toast, field errors). Call this once the page has shown its reaction:
 * it waits for that log line and takes it out of the errors the fixture checks. Without a status, any
 * failure of a request to `urlPart` counts, a network failure too.
 */
export async function forgiveFailedRequests(consoleErrors: string[], urlPart: string, status?: number) {
  const failure =
    status === undefined
      ? 'Failed to load resource'
      : `Failed to load resource: the server responded with a status of ${status}`
  const matches = (error: string) => error.startsWith(failure) && error.includes(urlPart)
  await expect.poll(() => consoleErrors.some(matches)).toBe(true)
  for (let index = consoleErrors.length - 1; index >= 0; index--) {
    if (matches(consoleErrors[index] ?? '')) consoleErrors.splice(index, 1)
  }
}
