import {
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  signIn,
  test,
  toast,
} from './console-fixtures'
import { expectOnlyThePageScript } from './fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * A sign-in from the form: the password's deliberately slow hash (argon2id), then the console's scripts
 * loaded and started for the first time. On a busy machine that is more than an ordinary check's 5 s.
 */
const SIGNING_IN = { timeout: 20_000 }

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Console' })

test.describe('signing in and out', () => {
  test('an administrator signs in with the form, sees the admin sidebar and signs out', async ({ page }) => {
    test.slow()
    await openConsole(page, '/login')
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    await page.getByLabel('Email address').fill(E2E_ADMIN.email)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expectToast(page, 'Login successful', SIGNING_IN)
    await expect(page).toHaveURL(/\/dashboard$/, SIGNING_IN)
    await expect(page.getByRole('heading', { name: 'Welcome to the dashboard, Administrator' })).toBeVisible()
    await expect(page.getByText(`Signed in as ${E2E_ADMIN.email}`).first()).toBeVisible()
    await expect(sidebar(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Events',
      'Add New Event',
      'Posts',
      'Chapters',
      'Add New Chapter',
      // With the unread count beside it when there are unread messages.
      /^Contact List(\d+ unread)?$/,
      'Site',
      'Committees',
      'Notifications',
      'Reports',
      'Certificates',
      'Trash',
      'Activity',
      'Administrators',
      'Account',
    ])
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
    // The session ended on the server: the console answers with a redirect again.
    const after = await page.request.get('/dashboard', { maxRedirects: 0 })
    expect(after.status()).toBe(302)
  })

  test('a chapter signs in with the keyboard and sees the chapter sidebar', async ({ page, chapter }) => {
    test.slow()
    await openConsole(page, '/login')
    await page.getByLabel('Email address').focus()
    await page.keyboard.type(chapter.email)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Password')).toBeFocused()
    await page.keyboard.type(chapter.password)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard$/, SIGNING_IN)
    await expect(
      page.getByRole('heading', { name: `Welcome to the dashboard, ${chapter.name}` }),
    ).toBeVisible()
    await expect(sidebar(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Events',
      'Add New Event',
      'Posts',
      'Excom',
      'Add New Excom',
      'Reports',
      'Certificates',
      'Trash',
      'Activity',
      'Settings',
      'Officers',
      'Account',
    ])
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('bad input shows field errors; a wrong password shows the server message', async ({
    page,
    consoleErrors,
  }) => {
    await openConsole(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Email address is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Email address').fill('not an email')
    await page.getByLabel('Password').fill('x')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await page.getByLabel('Email address').fill(E2E_ADMIN.email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    // In the card, where the eye is, and not as a toast that could follow to the dashboard.
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible()
    await expect(toast(page, 'Invalid email or password.')).toHaveCount(0)
    await expect(page).toHaveURL(/\/login$/)
    await forgiveFailedRequests(consoleErrors, '/api/auth/login', 401)
  })

  test('inside the console, pages change without a full reload', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard')
    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await sidebar(page).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page')
    await sidebar(page).getByRole('link', { name: 'Contact List' }).click()
    await expect(page.getByRole('heading', { name: 'Contact List' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
  })

  test('on a phone the sidebar opens from the Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard')
    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(sidebar(page)).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await sidebar(page).getByRole('link', { name: 'Chapters' }).click()
    await expect(page.getByRole('heading', { name: 'Chapters' })).toBeVisible()
    await expect(sidebar(page)).toBeHidden()
    await menu.click()
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).toBeHidden()
    await expect(menu).toBeFocused()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

test.describe('guards on the server', () => {
  const consolePages = [
    '/dashboard',
    '/dashboard/events',
    '/dashboard/add-new-event',
    '/dashboard/events/edit-event/0123456789abcdef01234567',
    '/dashboard/chapters',
    '/dashboard/chapters/add-new-chapter',
    '/dashboard/chapter/some-chapter',
    '/dashboard/contact-list',
    '/dashboard/notifications',
    '/dashboard/excom',
    '/dashboard/excom/add-new-excom',
    '/dashboard/excom/edit-excom/0123456789abcdef01234567',
    '/dashboard/settings',
  ]

  test('without a session every console page redirects to /login before any console HTML', async ({
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL })
    for (const path of consolePages) {
      const response = await visitor.get(path, { maxRedirects: 0 })
      expect([302, 307], path).toContain(response.status())
      expect(response.headers().location, path).toBe('/login')
      const body = await response.text()
      expect(body, path).not.toContain('Signed in as')
      expect(body, path).not.toContain('Console')
    }
    // So does the pageContext request of a client-side navigation.
    const json = await visitor.get('/dashboard/events/index.pageContext.json', { maxRedirects: 0 })
    expect(await json.text()).not.toContain('"events"')
    await visitor.dispose()
  })

  test('a signed-in visitor of /login goes on to /dashboard', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    const response = await page.request.get('/login', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/dashboard')
  })

  test("an administrator gets the 403 page on a chapter's pages", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    for (const path of ['/dashboard/excom', '/dashboard/excom/add-new-excom', '/dashboard/settings']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(403)
      await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test("a chapter gets the 403 page on the administrator's pages", async ({ page, chapter }) => {
    await signIn(page, chapter.email, chapter.password)
    for (const path of [
      '/dashboard/chapters',
      '/dashboard/chapters/add-new-chapter',
      `/dashboard/chapter/${chapter.slug}`,
      '/dashboard/contact-list',
      '/dashboard/notifications',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(403)
      await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      )
    }
  })

  test('a signed-in public page still ships none of the console', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await expectOnlyThePageScript(page, '/')
  })
})
