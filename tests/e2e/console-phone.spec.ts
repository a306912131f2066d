import type { Page } from '@playwright/test'
import { eventFields, expect, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The console at 1280 × 900 and on a phone (390 × 844): the same pages, nothing scrolls sideways. */

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

async function expectNoSidewaysScroll(page: Page, path: string) {
  await expect(page.getByText('Loading...')).toHaveCount(0)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
}

for (const size of SIZES) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test("no administrator's page scrolls sideways", async ({ page, adminApi }) => {
      const chapter = (await adminApi.call('GET', '/api/users?page=1&pageSize=1')).body.chapters[0]
      const event = (await adminApi.call('GET', '/api/events/myevents?page=1&pageSize=1')).body.events[0]
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      for (const path of [
        '/dashboard',
        '/dashboard/events',
        '/dashboard/add-new-event',
        `/dashboard/events/edit-event/${event._id}`,
        '/dashboard/chapters',
        '/dashboard/chapters/add-new-chapter',
        `/dashboard/chapter/${chapter.slug}`,
        '/dashboard/contact-list',
        '/dashboard/administrators',
      ]) {
        await openConsole(page, path)
        await expectNoSidewaysScroll(page, path)
      }
    })

    test("no chapter's page scrolls sideways", async ({ page, chapter }) => {
      const banner = await chapter.api.upload()
      const event = (
        await chapter.api.call(
          'POST',
          '/api/events',
          eventFields(banner, { location: 'A very long location name without many breaks, Dhaka-1000' }),
        )
      ).body.event
      const member = (
        await chapter.api.call('POST', '/api/excom', {
          name: 'Rakib Chowdhury',
          designation: 'Secretary',
          affiliation: 'Padma University',
          email: 'a.rather.long.address.for.a.phone@example.org',
          image: banner,
        })
      ).body.member
      await signIn(page, chapter.email, chapter.password)
      for (const path of [
        '/dashboard',
        '/dashboard/events',
        '/dashboard/add-new-event',
        `/dashboard/events/edit-event/${event._id}`,
        '/dashboard/excom',
        '/dashboard/excom/add-new-excom',
        `/dashboard/excom/edit-excom/${member._id}`,
        '/dashboard/settings',
        '/dashboard/officers',
      ]) {
        await openConsole(page, path)
        await expectNoSidewaysScroll(page, path)
      }
    })
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a list shows cards with their actions in view, the sidebar is a menu, dialogs fill the screen', async ({
    page,
    chapter,
  }) => {
    const banner = await chapter.api.upload()
    await chapter.api.call('POST', '/api/events', eventFields(banner, { title: 'Phone card event' }))
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')

    // The table's header row is only for screen readers; the row is a card.
    const card = page.locator('tbody tr').first()
    await expect(card).toContainText('Phone card event')
    await expect(page.locator('thead')).toHaveCSS('position', 'absolute')
    const cardBox = await card.boundingBox()
    expect(cardBox?.width ?? 0).toBeLessThanOrEqual(390)

    for (const name of ['Edit Phone card event', 'Delete Phone card event']) {
      const action = card.getByRole(name.startsWith('Edit') ? 'link' : 'button', { name })
      await expect(action).toBeInViewport({ ratio: 1 })
      const box = await action.boundingBox()
      expect(box?.height ?? 0, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44)
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
    }
    const select = card.getByRole('checkbox', { name: 'Select row 1' })
    const selectBox = await select.locator('xpath=..').boundingBox()
    expect(selectBox?.height ?? 0).toBeGreaterThanOrEqual(44)

    // The people tables are cards too, with their selection and actions as large.
    await openConsole(page, '/dashboard/officers')
    const self = page.locator('tbody tr').first()
    await expect(self).toContainText(chapter.email)
    await expect(page.locator('thead')).toHaveCSS('position', 'absolute')
    const selfSelect = self.getByRole('checkbox', { name: 'Select row 1' })
    expect((await selfSelect.locator('xpath=..').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    await selfSelect.check()
    const bar = page.getByRole('region', { name: 'Selected rows' })
    for (const name of ['Disable selected', 'Enable selected', 'Remove selected']) {
      const box = await bar.getByRole('button', { name }).boundingBox()
      expect(box?.height ?? 0, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44)
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    }
    await page.screenshot({ path: 'test-results/phone-officers.png', fullPage: true })
    await openConsole(page, '/dashboard/events')

    // The sidebar is a menu behind a button.
    const nav = page.getByRole('navigation', { name: 'Console' })
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(nav).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()

    // A dialog fills the screen.
    await card.getByRole('button', { name: 'Delete Phone card event' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this event?' })
    await expect(dialog).toBeVisible()
    const dialogBox = await dialog.boundingBox()
    expect(dialogBox).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Forms are one column.
    await openConsole(page, '/dashboard/add-new-event')
    const title = await page.getByLabel('Event Title').boundingBox()
    const date = await page.getByLabel('Event Date').boundingBox()
    expect(date?.x).toBe(title?.x)
    expect(date?.width).toBe(title?.width)
  })
})
