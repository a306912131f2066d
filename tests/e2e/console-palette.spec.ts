import { eventFields, expect, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The command palette, by keyboard only. */
test.describe('command palette', () => {
  test('a chapter jumps to its pages and finds its own events, by keyboard only', async ({
    page,
    chapter,
  }) => {
    test.slow()
    const banner = await chapter.api.upload()
    const created = await chapter.api.call(
      'POST',
      '/api/events',
      eventFields(banner, { title: 'Quasar hack night' }),
    )
    expect(created.status).toBe(201)
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard')

    await page.keyboard.press('Control+K')
    const palette = page.getByRole('dialog', { name: 'Go to a page or find anything' })
    const input = palette.getByRole('combobox')
    await expect(input).toBeFocused()
    await page.keyboard.type('sett')
    await expect(palette.getByRole('option')).toHaveCount(1)
    await expect(palette.getByRole('option', { name: /Settings/ })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard\/settings$/)
    await expect(palette).toHaveCount(0)

    // The other role's pages are not offered.
    await page.keyboard.press('Meta+K')
    await expect(input).toBeFocused()
    await page.keyboard.type('contact')
    await expect(palette.getByRole('status')).toHaveText('Nothing matches “contact”.')
    await input.fill('')

    await page.keyboard.type('quasar')
    const hit = palette.getByRole('option', { name: /Quasar hack night/ })
    await expect(hit).toBeVisible()
    await expect(hit).toContainText('Events')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await expect(hit).toHaveAttribute('aria-selected', 'true')
    await expect(input).toHaveAttribute('aria-activedescendant', (await hit.getAttribute('id')) ?? '')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/edit-event/${created.body.event._id}$`))
    await expect(page.getByLabel('Event Title')).toHaveValue('Quasar hack night')

    // Escape closes it and the focus goes back.
    await page.getByLabel('Event Title').focus()
    await page.keyboard.press('Control+K')
    await expect(input).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(palette).toHaveCount(0)
    await expect(page.getByLabel('Event Title')).toBeFocused()
  })

  test('an administrator finds a message by the sender’s email', async ({ page, baseURL }) => {
    const email = `palette-${Date.now()}@example.org`
    const sent = await page.request.post('/api/contact', {
      headers: { origin: baseURL ?? '' },
      data: { name: 'Palette Sender', email, message: 'Found by the palette' },
    })
    expect(sent.status()).toBe(201)
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard')
    await page.keyboard.press('Control+K')
    await page.keyboard.type(email)
    const hit = page.getByRole('option', { name: /Message from Palette Sender/ })
    await expect(hit).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard\/contact-list\?/)
    await expect(page.locator('tbody tr')).toHaveCount(1)
    await expect(page.locator('tbody tr')).toContainText(email)
  })
})
