import { expectNoSeriousViolations } from './axe'
import { expect, expectToast, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The administrator's Notifications settings: extra recipients, field errors, the outbox's state. */

test.describe('notifications (admin)', () => {
  // The setting is one for the whole site: run these tests one after another, so one test's clean-up
  // never clears the recipients another is checking (seen with two workers).
  test.describe.configure({ mode: 'serial' })
  test.afterEach(async ({ adminApi }) => {
    await adminApi.call('PUT', '/api/settings/notifications', { extraRecipients: [] })
  })

  test('saves extra recipients, shows field errors for a bad address, keeps them', async ({
    page,
    adminApi,
    browser,
    baseURL,
  }) => {
    test.slow()
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard')
    await page.getByRole('link', { name: 'Notifications' }).click()
    await expect(page).toHaveURL(/\/dashboard\/notifications$/)
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
    await expect(page.getByText('Mail is not configured')).toBeVisible()
    await expect(page.getByText('No extra recipients.')).toBeVisible()
    await expectNoSeriousViolations(page, 'notifications page')

    await page.getByRole('button', { name: 'Add an address' }).click()
    await page.getByLabel('Email address 1', { exact: true }).fill('board@example.org')
    await page.getByRole('button', { name: 'Add an address' }).click()
    await page.getByLabel('Email address 2', { exact: true }).fill('not an address')
    await page.getByRole('button', { name: 'Save' }).click()
    const second = page.getByLabel('Email address 2', { exact: true })
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(second).toHaveAttribute('aria-invalid', 'true')
    await expect(second).toBeFocused()
    await expectNoSeriousViolations(page, 'notifications page with a field error')

    await second.fill('secretary@example.org')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Notification settings saved')
    expect((await adminApi.call('GET', '/api/settings/notifications')).body.notifications).toEqual({
      extraRecipients: ['board@example.org', 'secretary@example.org'],
    })

    // Removing one and saving again.
    await page.getByRole('button', { name: 'Remove address 1' }).click()
    await expect(page.getByLabel('Email address 1', { exact: true })).toHaveValue('secretary@example.org')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Notification settings saved')
    await expect
      .poll(async () => (await adminApi.call('GET', '/api/settings/notifications')).body.notifications)
      .toEqual({ extraRecipients: ['secretary@example.org'] })

    // The saved address is in the first HTML, before any script runs.
    const noScripts = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const bare = await noScripts.newPage()
    await bare.request.post('/api/auth/login', { data: E2E_ADMIN })
    await bare.goto('/dashboard/notifications')
    await expect(bare.getByLabel('Email address 1', { exact: true })).toHaveValue('secretary@example.org')
    await noScripts.close()
  })

  test('a chapter account gets the 403 page', async ({ page, chapter }) => {
    await signIn(page, chapter.email, chapter.password)
    const response = await page.goto('/dashboard/notifications')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0)
  })
})
