import {
  daysFromToday,
  eventFields,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  signIn,
  test,
} from './console-fixtures'

test.describe('events in the console', () => {
  test('a chapter adds, edits and deletes an event, with a banner upload', async ({ page, chapter }) => {
    test.slow()
    // A month ahead whatever day the suite runs on: a past date would be asked about first.
    const rustDay = daysFromToday(30)
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')
    await expect(page.getByText('No Events Found')).toBeVisible()
    await page.getByRole('link', { name: 'Add New Event' }).first().click()
    await expect(page.getByRole('heading', { name: 'Add New Event' })).toBeVisible()

    // Bad input: the shared schema's messages under their fields.
    await page.getByRole('button', { name: 'Add Event' }).click()
    await expect(page.getByText('Event title is required')).toBeVisible()
    // A banner is optional: without one the event shows a generated cover.
    await expect(page.getByText('Banner image is required')).toHaveCount(0)
    await expect(page.getByText('Fees must be a number')).toBeVisible()
    await expect(page.getByLabel('Event Title')).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Event Facebook Link').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Add Event' }).click()
    await expect(page.getByText('Event link must be a link starting with http:// or https://')).toBeVisible()

    await page.getByLabel('Event Title').fill('Rust for Beginners')
    await page.getByLabel('Event Date').fill(rustDay)
    await page.getByLabel('Event Starting Time').fill('10:00')
    await page.getByLabel('Event Ending Time').fill('13:30')
    await page.getByLabel('Event Location').fill('Lab 2, Dhaka')
    await expect(page.getByLabel('Hosts')).toHaveValue(chapter.name)
    await page.getByLabel('Registration Method').selectOption('Online')
    await page.getByLabel('Fees').fill('250')
    await page.getByLabel('Event Facebook Link').fill('https://www.facebook.com/events/42')
    await page.getByLabel('Banner Image').setInputFiles(await pngFile('banner.png'))
    await expect(page.getByRole('img', { name: 'Banner Image preview' })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    )
    await page.getByLabel('Description').fill('Ownership, borrowing\nand a small project.')
    await page.getByRole('button', { name: 'Add Event' }).click()
    await expectToast(page, 'Event added successfully')
    await expect(page).toHaveURL(/\/dashboard\/events$/)
    const row = page.getByRole('row').filter({ hasText: 'Rust for Beginners' })
    await expect(row).toContainText(rustDay)
    await expect(row).toContainText('10:00 - 13:30')
    await expect(row).toContainText('250')
    await expect(row.getByRole('link', { name: 'Rust for Beginners', exact: true })).toHaveAttribute(
      'href',
      /^\/events\/[0-9a-f]{24}$/,
    )
    const created = (await chapter.api.call('GET', '/api/events/myevents')).body.events[0]
    expect(created.banner).toMatch(/^\/uploads\//)

    // Edit: prefilled, the current banner kept (docs/decisions/018-edit-forms-keep-images.md).
    await row.getByRole('link', { name: 'Edit Rust for Beginners' }).click()
    await expect(page.getByRole('heading', { name: 'Update Event' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard/events')
    await expect(page.getByLabel('Event Title')).toHaveValue('Rust for Beginners')
    await expect(page.getByLabel('Registration Method')).toHaveValue('Online')
    await expect(page.getByLabel('Fees')).toHaveValue('250')
    await expect(page.getByRole('img', { name: 'Banner Image preview' })).toHaveAttribute(
      'src',
      created.banner,
    )
    await page.getByLabel('Event Title').fill('Rust for Beginners, part 2')
    await page.getByLabel('Fees').fill('0')
    await page.getByLabel('Event Title').press('Enter')
    await expectToast(page, 'Event updated successfully')
    await expect(page).toHaveURL(/\/dashboard\/events$/)
    const edited = page.getByRole('row').filter({ hasText: 'Rust for Beginners, part 2' })
    await expect(edited).toContainText('Free')
    const updated = (await chapter.api.call('GET', `/api/events/${created._id}`)).body.event
    expect(updated.banner).toBe(created.banner)

    // Delete: the dialog names the event; Escape and Cancel keep it.
    const deleteButton = edited.getByRole('button', { name: 'Delete Rust for Beginners, part 2' })
    await deleteButton.click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText('Rust for Beginners, part 2')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(deleteButton).toBeFocused()
    await deleteButton.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(edited).toBeVisible()
    await deleteButton.click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Event deleted successfully')
    await expect(page.getByText('No Events Found')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add New Event' }).last()).toBeVisible()
  })

  test('sorting, search and paging are done by the API and kept in the URL', async ({ page, chapter }) => {
    test.slow()
    const banner = await chapter.api.upload()
    for (let number = 1; number <= 25; number++) {
      const title = `Paging check ${String(number).padStart(2, '0')}`
      const answer = await chapter.api.call(
        'POST',
        '/api/events',
        eventFields(banner, {
          title,
          fees: number * 10,
          eventDate: `2026-10-${String(number).padStart(2, '0')}`,
        }),
      )
      expect(answer.status).toBe(201)
    }
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')
    const rows = page.locator('tbody tr')
    await expect(rows).toHaveCount(20)
    await expect(page.getByText('Showing 1-20 of 25 events')).toBeVisible()
    // The list's own order: newest first.
    await expect(rows.first()).toContainText('Paging check 25')

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=2\b/)
    await expect(page.getByText('Showing 21-25 of 25 events')).toBeVisible()
    await expect(rows).toHaveCount(5)
    await page.reload()
    await expect(page.getByText('Showing 21-25 of 25 events')).toBeVisible()
    await expect(rows.first()).toContainText('Paging check 05')

    const titleHeader = page.getByRole('columnheader', { name: /Title/ })
    await expect(titleHeader).not.toHaveAttribute('aria-sort')
    await titleHeader.getByRole('button').click()
    await expect(page).toHaveURL(/[?&]sort=title\b/)
    await expect(page).not.toHaveURL(/page=2/)
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows.first()).toContainText('Paging check 01')
    await titleHeader.getByRole('button').click()
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(rows.first()).toContainText('Paging check 25')
    // Numbers sort highest first on the first click (TanStack's default), then lowest first.
    const feesHeader = page.getByRole('columnheader', { name: /Fees/ })
    await feesHeader.getByRole('button').click()
    await expect(feesHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(titleHeader).not.toHaveAttribute('aria-sort')
    await expect(rows.first()).toContainText('Paging check 25')
    await feesHeader.getByRole('button').click()
    await expect(feesHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(page).toHaveURL(/[?&]sort=fees\b/)
    await expect(rows.first()).toContainText('Paging check 01')

    await page.getByRole('searchbox', { name: 'Search events' }).fill('check 1')
    await expect(page).toHaveURL(/[?&]q=check(\+|%20)1\b/)
    await expect(rows).toHaveCount(10)
    await expect(page.getByText('Showing 1-10 of 10 events')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('check 1')
    await expect(feesHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows).toHaveCount(10)
    await expect(rows.first()).toContainText('Paging check 10')

    // Back undoes the search, forward brings it back.
    await page.goBack()
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('')
    await expect(rows).toHaveCount(20)
    await page.goForward()
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('check 1')
    await expect(rows).toHaveCount(10)

    await page.getByRole('searchbox', { name: 'Search events' }).fill('nothing like this')
    await expect(page.getByText('No Events Found')).toBeVisible()
  })

  test("another chapter's event is the 403 page; an unknown one the 404 page", async ({ page, chapter }) => {
    const demoEvent = (await chapter.api.call('GET', '/api/events?page=1&pageSize=1')).body.events[0]
    await signIn(page, chapter.email, chapter.password)
    const forbidden = await page.goto(`/dashboard/events/edit-event/${demoEvent._id}`)
    expect(forbidden?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
    const missing = await page.goto('/dashboard/events/edit-event/0123456789abcdef01234567')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('the server refuses an event the form could not catch, and its message shows', async ({
    page,
    chapter,
    consoleErrors,
  }) => {
    const banner = await chapter.api.upload()
    const created = await chapter.api.call('POST', '/api/events', eventFields(banner, { title: 'Soon gone' }))
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, `/dashboard/events/edit-event/${created.body.event._id}`)
    // Deleted meanwhile (another tab): the update is refused with the server's message.
    await chapter.api.call('DELETE', `/api/events/${created.body.event._id}`)
    await page.getByRole('button', { name: 'Update Event' }).click()
    await expectToast(page, 'Event not found.')
    await expect(page.getByLabel('Event Title')).toHaveValue('Soon gone')
    await forgiveFailedRequests(consoleErrors, '/api/events/', 404)
  })
})
