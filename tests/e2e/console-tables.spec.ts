import type { Page } from '@playwright/test'
import { validAttendee, validRegistrationSettings } from '../support/api'
import { expectNoAxeViolations } from './axe'
import {
  type ApiClient,
  daysFromToday,
  eventFields,
  expect,
  expectToast,
  openConsole,
  signIn,
  startingSoon,
  test,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The console's lists at the keyboard, with row selection and bulk actions. */

const focusedRow = (page: Page) => page.locator('tbody tr[data-focused]')
const selectedRows = (page: Page) => page.locator('tbody tr[data-selected]')

async function seedEvents(api: ApiClient, titles: string[]) {
  const banner = await api.upload()
  const ids: string[] = []
  for (const [index, title] of titles.entries()) {
    const created = await api.call(
      'POST',
      '/api/events',
      eventFields(banner, { title, eventDate: daysFromToday(30 + index) }),
    )
    expect(created.status).toBe(201)
    ids.push(created.body.event._id)
  }
  return ids
}

test.describe('tables at the keyboard', () => {
  test('search, row focus, selection, shortcuts dialog, delete and edit by keyboard only', async ({
    page,
    chapter,
  }) => {
    test.slow()
    const ids = await seedEvents(chapter.api, ['Alpha meetup', 'Beta workshop', 'Gamma talk'])
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events?sort=eventDate')
    await expect(page.locator('tbody tr')).toHaveCount(3)

    // `/` focuses the search; keys typed there are text, not shortcuts.
    await page.keyboard.press('/')
    const search = page.getByRole('searchbox', { name: 'Search events' })
    await expect(search).toBeFocused()
    await page.keyboard.type('jx')
    await expect(search).toHaveValue('jx')
    await expect(focusedRow(page)).toHaveCount(0)
    await expect(selectedRows(page)).toHaveCount(0)
    await search.fill('')
    await search.evaluate((input) => input.blur())
    // The search settles (a new search starts the row focus again) before the rows are walked.
    await expect(page).not.toHaveURL(/[?&]q=/)
    await expect(page.locator('tbody tr')).toHaveCount(3)

    await page.keyboard.press('j')
    await expect(focusedRow(page)).toContainText('Alpha meetup')
    await page.keyboard.press('j')
    await page.keyboard.press('ArrowDown')
    await expect(focusedRow(page)).toContainText('Gamma talk')
    await page.keyboard.press('k')
    await expect(focusedRow(page)).toContainText('Beta workshop')
    await page.keyboard.press('ArrowUp')
    await expect(focusedRow(page)).toContainText('Alpha meetup')

    // x selects, Shift+x extends from the last selected row.
    await page.keyboard.press('x')
    await expect(selectedRows(page)).toHaveCount(1)
    await expect(page.getByRole('status').filter({ hasText: '1 selected' })).toBeVisible()
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('Shift+X')
    await expect(selectedRows(page)).toHaveCount(3)
    await expect(page.getByText('3 selected')).toBeVisible()
    await page.keyboard.press('x')
    await expect(selectedRows(page)).toHaveCount(2)

    // From the middle row, where j and x would change something.
    await page.keyboard.press('k')
    await expect(focusedRow(page)).toContainText('Beta workshop')
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toBeVisible()
    await expect(help).toContainText('Shift+x extends the selection')
    // Shortcuts are off while a dialog is open: neither the focus nor the selection moves.
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('Escape')
    await expect(help).toHaveCount(0)
    await expect(focusedRow(page)).toContainText('Beta workshop')
    await expect(selectedRows(page)).toHaveCount(2)
    // And on again once it has closed.
    await page.keyboard.press('j')
    await expect(focusedRow(page)).toContainText('Gamma talk')

    // Delete asks with the row's own dialog; Escape keeps the event.
    await page.keyboard.press('Delete')
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' })
    await expect(confirm).toContainText('Gamma talk')
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(confirm).toHaveCount(0)

    // e edits the focused row.
    await page.keyboard.press('e')
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/edit-event/${ids[2]}$`))
    await expect(page.getByLabel('Event Title')).toHaveValue('Gamma talk')

    // Enter opens the row (an event's public page).
    await page.goBack()
    await expect(page.locator('tbody tr')).toHaveCount(3)
    await page.locator('h1').click()
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/events/${ids[0]}$`))
  })

  test('bulk delete: the header checkbox selects the page, the count shows, the dialog asks first', async ({
    page,
    chapter,
  }) => {
    test.slow()
    await seedEvents(chapter.api, ['Delta one', 'Delta two', 'Delta three'])
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')
    await expect(page.locator('tbody tr')).toHaveCount(3)
    const all = page.getByRole('checkbox', { name: 'Select all events on this page' })
    await all.check()
    await expect(page.getByText('3 selected')).toBeVisible()
    await page.getByRole('checkbox', { name: 'Select row 2' }).uncheck()
    await expect(page.getByText('2 selected')).toBeVisible()
    await expect(all).not.toBeChecked()
    expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true)
    await all.check()
    await page.getByRole('button', { name: 'Delete selected' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete 3 events?' })
    await expect(confirm).toContainText('will be moved to the Trash for 30 days')
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expectToast(page, 'Events deleted successfully')
    await expect(page.getByText('No Events Found')).toBeVisible()
    expect((await chapter.api.call('GET', '/api/events/myevents')).body.total).toBe(0)
  })
})

/** An 80-character name, and a long Bengali one: values that used to push a table's actions off-screen. */
const LONG_NAME = 'Mohammad Abdullah Al Mamun Chowdhury Siddiqui Rahman Talukder Bhuiyan Khandaker'
const BENGALI_NAME = 'মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী সিদ্দিকী রহমান তালুকদার ভূঁইয়া খন্দকার'

/** Every row action of the table lies inside the window, and the page does not scroll sideways. */
async function expectActionsInView(page: Page, what: string) {
  const actions = page.locator('tbody [data-row-action]')
  // The list's rows arrive after the page: wait for them rather than count what is there so far.
  await expect(actions.first(), what).toBeVisible()
  const width = page.viewportSize()?.width ?? 0
  for (const action of await actions.all()) {
    const box = await action.boundingBox()
    expect(box, what).not.toBeNull()
    if (!box) continue
    expect(box.x, `${what}: ${await action.getAttribute('aria-label')}`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${what}: ${await action.getAttribute('aria-label')}`).toBeLessThanOrEqual(
      width,
    )
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0)
}

test('long values wrap and row actions stay in view at 1024 and 1280 px: attendees, events (the Chapter column)', async ({
  page,
  chapter,
}) => {
  test.slow()
  const title = `${unique('Wide')} ${LONG_NAME}`.slice(0, 80)
  const created = await chapter.api.call('POST', '/api/events', {
    ...eventFields(await chapter.api.upload(), { title, ...startingSoon() }),
    registration: validRegistrationSettings({ capacity: 2 }),
  })
  expect(created.status).toBe(201)
  const eventId = created.body.event._id as string
  for (const name of [LONG_NAME, BENGALI_NAME, 'Rina Das']) {
    const answer = await chapter.api.call(
      'POST',
      `/api/events/${eventId}/registrations`,
      validAttendee({ name, email: `${unique('a-rather-long-address-of-someone')}@faculty.example.org` }),
    )
    expect(answer.status).toBe(201)
  }
  const list = await chapter.api.call('GET', `/api/events/${eventId}/registrations`)
  const first = list.body.registrations.find((row: { name: string }) => row.name === LONG_NAME)
  expect(
    (await chapter.api.call('POST', `/api/events/${eventId}/check-ins`, { registrationId: first._id }))
      .status,
  ).toBe(200)

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await openConsole(page, `/dashboard/events/${eventId}/attendees`)
    await expect(page.locator('tbody tr')).toHaveCount(3)
    await expectActionsInView(page, `the Attendees page at ${width} px`)
    await page.screenshot({ path: test.info().outputPath(`attendees-${width}.png`), fullPage: true })
    await openConsole(page, `/dashboard/events?q=${encodeURIComponent(title.split(' ')[0] ?? '')}`)
    await expect(page.locator('tbody tr')).toHaveCount(1)
    await expect(page.getByRole('columnheader', { name: 'Chapter' })).toBeVisible()
    await expectActionsInView(page, `the events list at ${width} px`)
    await page.screenshot({ path: test.info().outputPath(`events-${width}.png`), fullPage: true })
  }
  await expectNoAxeViolations(page, 'the events list with a long title at 1280 px')
  await openConsole(page, `/dashboard/events/${eventId}/attendees`)
  await expectNoAxeViolations(page, 'the Attendees page with long names at 1280 px')
})
