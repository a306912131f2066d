import { expect, test } from './fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('signed-in hint', () => {
  test('signing in through the API reveals the Dashboard link; signing out hides it again', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const dashboard = page.locator('[data-site-header] nav').getByRole('link', { name: 'Dashboard' }).first()
    await page.goto('/')
    await expect(dashboard).toBeHidden()

    const login = await page.request.post('/api/auth/login', { data: E2E_ADMIN })
    expect(login.status()).toBe(200)
    await page.goto('/')
    await expect(dashboard).toBeVisible()

    // A cookie-authenticated write needs the site's own Origin.
    expect((await page.request.post('/api/auth/logout')).status()).toBe(403)
    const logout = await page.request.post('/api/auth/logout', { headers: { origin: baseURL ?? '' } })
    expect(logout.status()).toBe(200)
    await page.goto('/')
    await expect(dashboard).toBeHidden()
  })
})
