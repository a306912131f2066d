import {
  eventFields,
  expect,
  expectToast,
  openConsole,
  signIn,
  test,
  toast,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('the trash in the console', () => {
  test('a deleted event leaves /events at once, and Undo in the toast brings it back', async ({
    page,
    chapter,
  }) => {
    const title = unique('Undo me')
    const created = await chapter.api.call('POST', '/api/events', {
      ...eventFields(await chapter.api.upload(), { title }),
    })
    // /events searched for its title, and its card's link looked for: the first page of /events shows only
    // the 8 soonest events, which other tests' events on the same day may fill.
    const listing = `/events?q=${encodeURIComponent(title)}`
    const card = `href="/events/${created.body.event._id}"`
    const listed = async () => (await (await page.request.get(listing)).text()).includes(card)
    expect(await listed()).toBe(true)

    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')
    const row = page.getByRole('row').filter({ hasText: title })
    await row.getByRole('button', { name: `Delete ${title}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    const deleted = toast(page, 'Event deleted successfully')
    await expect(deleted).toContainText(`"${title}" is in the trash.`)
    await expect(row).toBeHidden()
    // The real delete happened: the public page no longer lists it.
    expect(await listed()).toBe(false)

    await deleted.getByRole('button', { name: 'Undo' }).click()
    await expectToast(page, `Restored "${title}"`)
    await expect(row).toBeVisible()
    expect(await listed()).toBe(true)
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
    await expect(row.getByRole('button', { name: `Delete permanently: ${title}` })).toHaveCount(0)
    await page.screenshot({ path: 'test-results/trash-page.png', fullPage: true })

    await row.getByRole('checkbox', { name: `Select ${title}` }).check()
    await page.getByRole('button', { name: 'Restore selected (1)' }).click()
    await expectToast(page, `Restored "${title}"`)
    await expect(row).toBeHidden()
    expect((await chapter.api.call('GET', `/api/events/${created.body.event._id}`)).status).toBe(200)
  })

  test('the Activity page, filtered by a person through the URL', async ({ page, chapter }) => {
    const title = unique('Logged event')
    await chapter.api.call('POST', '/api/events', eventFields(await chapter.api.upload(), { title }))
    const mine = (await chapter.api.call('GET', '/api/activity?action=create&type=event')).body.entries
    const personId = mine[0].actorId as string

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, `/dashboard/activity?person=${personId}`)
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible()
    const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody tr')
    await expect(rows.filter({ hasText: title })).toContainText('create')
    await expect(page.getByRole('button', { name: new RegExp(`Person: ${chapter.name}`) })).toBeVisible()
    // Only that person's entries: the administrator's own sign-in is not among them.
    for (const who of await rows.locator('td:nth-child(2)').allTextContents()) expect(who).toBe(chapter.name)
    await page.screenshot({ path: 'test-results/activity-page.png', fullPage: true })

    await page.getByLabel('Action').selectOption('upload')
    await expect(page).toHaveURL(
      new RegExp(`person=${personId}.*action=upload|action=upload.*person=${personId}`),
    )
    await expect(rows.first()).toContainText('upload')
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      new RegExp(`/api/activity/export\\?.*person=${personId}`),
    )
  })

  test('an event shows its own recent changes, and the Activity page links it while it exists', async ({
    page,
    chapter,
  }) => {
    test.slow()
    const title = unique('Recent')
    const created = await chapter.api.call(
      'POST',
      '/api/events',
      eventFields(await chapter.api.upload(), { title }),
    )
    const id = created.body.event._id as string
    const renamed = `${title} renamed`

    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, `/dashboard/events/edit-event/${id}`)
    await page.getByLabel('Event Title').fill(renamed)
    await page.getByRole('button', { name: 'Update Event' }).click()
    await expect(page).toHaveURL(/\/dashboard\/events$/)

    await openConsole(page, `/dashboard/events/edit-event/${id}`)
    const recent = page.getByRole('region', { name: 'Recent changes' })
    const latest = recent.getByRole('listitem').first()
    await expect(latest).toContainText(chapter.name)
    await expect(latest).toContainText('update: title')
    await expect(recent.getByRole('listitem')).toHaveCount(2)
    await page.screenshot({ path: 'test-results/recent-changes.png', fullPage: true })

    await recent.getByRole('link', { name: 'All changes' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/activity\\?item=${id}`))
    const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.first().getByRole('link', { name: renamed })).toHaveAttribute(
      'href',
      `/dashboard/events/edit-event/${id}`,
    )

    await chapter.api.call('DELETE', `/api/events/${id}`)
    await page.reload()
    await expect(rows).toHaveCount(3)
    await expect(rows.first()).toContainText('delete')
    await expect(page.getByRole('table', { name: 'Activity' }).getByRole('link')).toHaveCount(0)
  })
})
