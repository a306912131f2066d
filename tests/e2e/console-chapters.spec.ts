import {
  CHAPTER_PASSWORD,
  eventFields,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  signIn,
  test,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('chapters (administrator)', () => {
  test('adds, edits and deletes a chapter; the dialog counts what goes with it', async ({
    page,
    adminApi,
    playwright,
    baseURL,
    consoleErrors,
  }) => {
    test.slow()
    const name = unique('Karnaphuli Chapter')
    const email = `${name.replace(/\W+/g, '-').toLowerCase()}@example.org`
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/chapters/add-new-chapter')
    await page.getByRole('button', { name: 'Add Chapter' }).click()
    await expect(page.getByText("Chapter's name is required")).toBeVisible()
    await expect(page.getByText("First officer's email is required")).toBeVisible()
    // No password field: the first officer is invited and chooses their own.
    await expect(page.getByLabel('Password')).toHaveCount(0)

    await page.getByLabel("Chapter's Name").fill(name)
    await page.getByLabel('Chapter Email Address').fill(E2E_ADMIN.email)
    await page.getByLabel('Chapter Phone Number').fill('+880 1811-223344')
    await page.getByLabel("First Officer's Email").fill(email)
    await page.getByRole('button', { name: 'Add Chapter' }).click()
    // The server's refusal: the email is taken; what was typed stays.
    await expectToast(page, 'An account with this email address already exists.')
    await forgiveFailedRequests(consoleErrors, '/api/users', 409)
    await expect(page.getByLabel("First Officer's Email")).toHaveValue(email)
    await page.getByLabel('Chapter Email Address').fill(email)
    await page.getByRole('button', { name: 'Add Chapter' }).click()
    await expectToast(page, 'Chapter added successfully')
    // No mail server on this test server: the link to hand over, and why it only works here (no PUBLIC_URL).
    await expect(page.getByRole('status').filter({ hasText: `${name} is added` })).toBeVisible()
    await expect(page.getByText('No mail server is set up')).toBeVisible()
    await expect(page.getByRole('note', { name: 'Links only work on this machine' })).toContainText(
      'PUBLIC_URL is not set',
    )
    const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue()
    const accepted = await page.request.post(`/api/invitations/${link.split('/').pop()}/accept`, {
      data: { name: 'First Officer', password: CHAPTER_PASSWORD },
    })
    expect(accepted.status()).toBe(201)
    await page.context().clearCookies()
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/chapters')

    await page.getByRole('searchbox', { name: 'Search chapters' }).fill(name)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText(email)
    await expect(row).toContainText('+880 1811-223344')
    const slug = (await row.locator('td').nth(4).innerText()).trim()

    // Edit: name, phone and a new password.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/chapter/${slug}$`))
    await expect(page.getByLabel("Chapter's Name")).toHaveValue(name)
    await page.getByLabel('Chapter Phone Number').fill('+880 1999-000111')
    await page.getByLabel('New Password').fill('short')
    await page.getByRole('button', { name: 'Update Chapter' }).click()
    await expect(page.getByText('Password must have at least 10 characters')).toBeVisible()
    await page.getByLabel('New Password').fill('another long password 9')
    await page.getByRole('button', { name: 'Update Chapter' }).click()
    await expectToast(page, 'Chapter updated successfully')
    await expect(page).toHaveURL(/\/dashboard\/chapters/)
    const officer = await playwright.request.newContext({ baseURL })
    const login = await officer.post('/api/auth/login', {
      data: { email, password: 'another long password 9' },
    })
    expect(login.status()).toBe(200)
    const token = (await login.json()).token
    const banner = await officer.post('/api/uploads', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { image: await pngFile() },
    })
    const event = await officer.post('/api/events', {
      headers: { authorization: `Bearer ${token}` },
      data: eventFields((await banner.json()).data.url),
    })
    expect(event.status()).toBe(201)
    await officer.dispose()

    // Delete: the dialog names the chapter and what goes with it; Cancel keeps it.
    await page.reload()
    await page.getByRole('searchbox', { name: 'Search chapters' }).fill(name)
    await expect(row).toContainText('1')
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(name)
    await expect(dialog).toContainText('1 event')
    await expect(dialog).toContainText('0 executive committee members')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Chapter deleted successfully')
    await expect(page.getByText('No Chapters Found')).toBeVisible()
    expect((await adminApi.call('GET', `/api/users?q=${encodeURIComponent(name)}`)).body.total).toBe(0)
  })

  test('sorts by a header and searches through the API, kept in the URL', async ({ page, adminApi }) => {
    const prefix = unique('Sortcheck')
    const slugs: string[] = []
    for (const [letter, phone] of [
      ['Alpha', '+880 1000-000001'],
      ['Bravo', '+880 1000-000002'],
      ['Charlie', '+880 1000-000003'],
    ] as const) {
      const name = `${prefix} ${letter}`
      const created = await adminApi.call('POST', '/api/users', {
        name,
        email: `${name.replace(/\W+/g, '-').toLowerCase()}@example.org`,
        password: CHAPTER_PASSWORD,
        phone,
      })
      slugs.push(created.body.chapter.slug)
    }
    try {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, '/dashboard/chapters')
      await page.getByRole('searchbox', { name: 'Search chapters' }).fill(prefix)
      const rows = page.locator('tbody tr')
      await expect(rows).toHaveCount(3)
      const nameHeader = page.getByRole('columnheader', { name: /Name/ })
      await nameHeader.getByRole('button').click()
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
      await nameHeader.getByRole('button').click()
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
      await expect(rows.first()).toContainText(`${prefix} Charlie`)
      await expect(page).toHaveURL(/[?&]sort=-name\b/)
      await page.reload()
      await expect(page.getByRole('searchbox', { name: 'Search chapters' })).toHaveValue(prefix)
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
      await expect(rows).toHaveCount(3)
      await expect(rows.last()).toContainText(`${prefix} Alpha`)
    } finally {
      for (const slug of slugs) await adminApi.call('DELETE', `/api/users/${slug}`)
    }
  })
})
