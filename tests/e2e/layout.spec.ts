import { site } from '#content/site'
import { siteClock } from '../support/site-clock'
import { expect, expectOnlyThePageScript, test } from './fixtures'

test.describe('public layout', () => {
  test('home page: title pattern, description, canonical URL and social tags', async ({ page, baseURL }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`Home | ${site.chapterName}`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `Home | ${site.chapterName}`,
    )
    await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1)
    await expect(page.locator('link[rel="icon"]')).toHaveCount(1)
    expect(baseURL).toBeTruthy()
  })

  test('the beta badge sits above the header in the page flow, covering nothing, on a desktop and a phone', async ({
    page,
  }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      const badge = page.getByRole('complementary', { name: 'Beta notice' })
      await expect(badge).toHaveText('Official Website (Beta Version)')
      await expect(badge).toBeInViewport()
      expect(await badge.evaluate((element) => getComputedStyle(element).position)).toBe('static')
      // Above the header, not over it.
      const badgeBox = await badge.boundingBox()
      const headerBox = await page.locator('[data-site-header]').boundingBox()
      expect((badgeBox?.y ?? 0) + (badgeBox?.height ?? 0)).toBeLessThanOrEqual((headerBox?.y ?? 0) + 0.5)
      // Scrolled down, it went away with the page instead of floating over the content.
      await page.evaluate(() => window.scrollTo(0, 600))
      await expect(badge).not.toBeInViewport()
    }
  })

  test('the header hides when scrolling down and comes back when scrolling up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    const header = page.locator('[data-site-header]')
    await expect(header).toBeInViewport()
    await page.mouse.wheel(0, 1200)
    await expect(header).not.toBeInViewport()
    await page.mouse.wheel(0, -300)
    await expect(header).toBeInViewport()
  })

  test('the scroll-to-top button appears only after 300 px and takes the page back up', async ({ page }) => {
    await page.goto('/')
    const button = page.getByRole('link', { name: 'Scroll to top' })
    await expect(button).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 250))
    await expect(button).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toBeHidden()
  })

  test('menus open without React and close with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' }).first()
    await nav.getByText('Committees').click()
    const link = nav.getByRole('link', { name: 'Executive Committee 2023' })
    await expect(link).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(link).toBeHidden()
  })

  test('on a phone the navigation sits behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    const menu = page.locator('summary', { hasText: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(page.getByRole('link', { name: 'Secretariat 2023' })).toBeHidden()
    await menu.click()
    await expect(page.getByRole('link', { name: 'Secretariat 2023' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })

  test('the Dashboard link shows only for a signed-in visitor', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    const dashboard = page.getByRole('link', { name: 'Dashboard' })
    await expect(dashboard).toBeHidden()
    await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL ?? '' }])
    await page.reload()
    await expect(dashboard).toBeVisible()
    await expect(dashboard).toHaveAttribute('href', '/dashboard')
  })

  test('the footer carries the link columns and this year', async ({ page }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    for (const column of site.footerColumns) {
      await expect(footer.getByRole('navigation', { name: column.title })).toBeVisible()
    }
    await expect(footer).toContainText(`© ${siteClock.today().slice(0, 4)} ${site.chapterName}`)
  })

  test('a page without interaction ships no React', async ({ page }) => {
    await expectOnlyThePageScript(page, '/')
  })
})

test.describe('error pages', () => {
  test('an unknown URL answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible()
    await expect(page).toHaveTitle(`Page not found | ${site.chapterName}`)
    await page.getByRole('link', { name: 'Go back home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a trailing slash redirects to the page without it', async ({ request }) => {
    const response = await request.get('/this-page-does-not-exist/', { maxRedirects: 0 })
    expect([301, 308]).toContain(response.status())
    expect(response.headers().location).toBe('/this-page-does-not-exist')
  })
})
