import { eventFields, expect, openConsole, signIn, test, toast, unique } from './console-fixtures'

test.describe('the trash in the console', () => {
  test('a deleted event leaves /events at once, and Undo in the toast brings it back', async ({
    page,
    chapter,
  }) => {
    const title = unique('Undo me')
    await chapter.api.call('POST', '/api/events', {
      ...eventFields(await chapter.api.upload(), { title }),
    })
    expect(await (await page.request.get('/events')).text()).toContain(title)

    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')
    const row = page.getByRole('row').filter({ hasText: title })
    await row.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    const deleted = toast(page, 'Event Deleted Successfully')
    await expect(deleted).toContainText(`"${title}" is in the trash.`)
    await expect(row).toBeHidden()
    // The real delete happened: the public page no longer lists it.
    expect(await (await page.request.get('/events')).text()).not.toContain(title)

    await deleted.getByRole('button', { name: 'Undo' }).click()
    await expect(toast(page, `Restored "${title}"`)).toBeVisible()
    await expect(row).toBeVisible()
    expect(await (await page.request.get('/events')).text()).toContain(title)
  })

  test('the Trash page lists what was deleted, by whom, and restores it', async ({ page, chapter }) => {
    const title = unique('Restore me')
    const created = await chapter.api.call('POST', '/api/events', {
      ...eventFields(await chapter.api.upload(), { title }),
    })
    await chapter.api.call('DELETE', `/api/events/${created.body.event._id}`)

    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/trash')
    await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Event')
    await expect(row).toContainText(chapter.name)
    await expect(row).toContainText('30')
    // Officers restore; only administrators delete permanently.
    await expect(row.getByRole('button', { name: `Delete ${title} permanently` })).toHaveCount(0)
    await page.screenshot({ path: 'test-results/trash-page.png', fullPage: true })

    await row.getByRole('checkbox', { name: `Select ${title}` }).check()
    await page.getByRole('button', { name: 'Restore selected (1)' }).click()
    await expect(toast(page, `Restored "${title}"`)).toBeVisible()
    await expect(row).toBeHidden()
    expect((await chapter.api.call('GET', `/api/events/${created.body.event._id}`)).status).toBe(200)
  })
})
