import { eventFields, expect, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('the dashboard', () => {
  test("a chapter's welcome page counts its own events and members", async ({ page, chapter }) => {
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard')
    const events = page.getByRole('listitem').filter({ hasText: 'Your events' })
    const members = page.getByRole('listitem').filter({ hasText: 'Committee members' })
    await expect(events).toContainText('0')
    await expect(members).toContainText('0')
    await expect(page.getByRole('link', { name: 'Add chapter info' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )

    const banner = await chapter.api.upload()
    await chapter.api.call('POST', '/api/events', eventFields(banner))
    await chapter.api.call('POST', '/api/excom', {
      name: 'Sumaiya Islam',
      designation: 'Treasurer',
      affiliation: 'Padma University',
      email: 'sumaiya@example.org',
      image: banner,
    })
    // A client-side visit reads the counts again on the server.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(events.getByText('1', { exact: true })).toBeVisible()
    await expect(members.getByText('1', { exact: true })).toBeVisible()
  })

  test("an administrator's welcome page counts unread messages", async ({ page, playwright, baseURL }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard')
    const unread = page.getByRole('listitem').filter({ hasText: 'Unread messages' })
    await expect(unread).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open chapters' })).toBeVisible()
    const before = Number(await unread.locator('dd').innerText())
    const visitor = await playwright.request.newContext({ baseURL })
    await visitor.post('/api/contact', { data: { name: 'Count me', email: 'c@example.org', message: 'Hi' } })
    await visitor.dispose()
    await page.reload()
    // Other tests may add messages at the same time: at least one more.
    expect(Number(await unread.locator('dd').innerText())).toBeGreaterThan(before)
  })

  test("a list shows 'Loading...' until its page arrives", async ({ page, chapter }) => {
    await signIn(page, chapter.email, chapter.password)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Holds the real answer back (the request still reaches the server), to see the loading state.
    await page.route(
      (url) => url.pathname === '/api/excom',
      async (route) => {
        await held
        await route.continue()
      },
    )
    await page.goto('/dashboard/excom')
    // The list asks once the page's scripts have started, which on a busy two-core machine took over 5 s.
    await expect(page.getByText('Loading...')).toBeVisible({ timeout: 15_000 })
    release()
    await expect(page.getByText('No members yet')).toBeVisible()
  })
})
