import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { eventFields, expect, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** Waits until a page's list has arrived, so axe sees the real table or cards. */
async function settled(page: Page) {
  await expect(page.getByText('Loading...')).toHaveCount(0)
}

test.describe('accessibility of the console (axe-core)', () => {
  // axe over many pages and dialogs in one test: slow on a busy machine, never flaky in its answer.
  test.describe.configure({ timeout: 240_000 })

  test('the sign-in page', async ({ page }) => {
    await openConsole(page, '/login')
    await expectNoSeriousViolations(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Email address is required')).toBeVisible()
    await expectNoSeriousViolations(page, '/login with errors')
  })

  test('the Trash and Activity pages, with an item in the trash', async ({ page, adminApi }) => {
    const created = await adminApi.call('POST', '/api/events', eventFields(await adminApi.upload()))
    await adminApi.call('DELETE', `/api/events/${created.body.event._id}`)
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    for (const path of ['/dashboard/trash', '/dashboard/activity']) {
      await openConsole(page, path)
      await settled(page)
      await expectNoSeriousViolations(page, path)
    }
  })

  test("every administrator's page, with its dialogs", async ({ page, chapter }) => {
    // This test's own chapter and event: another test's may be deleted while these pages are opened.
    const event = (await chapter.api.call('POST', '/api/events', eventFields(await chapter.api.upload())))
      .body.event
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    for (const path of [
      '/dashboard',
      '/dashboard/events',
      '/dashboard/add-new-event',
      `/dashboard/events/edit-event/${event._id}`,
      '/dashboard/chapters',
      '/dashboard/chapters/add-new-chapter',
      `/dashboard/chapter/${chapter.slug}`,
      '/dashboard/notifications',
      // Last: the message dialog below opens from its first row.
      '/dashboard/contact-list',
    ]) {
      await openConsole(page, path)
      await settled(page)
      await expectNoSeriousViolations(page, path)
    }
    await page.locator('tbody tr').first().getByRole('button').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousViolations(page, 'message dialog')
    await page.keyboard.press('Escape')

    await openConsole(page, '/dashboard/chapters')
    await settled(page)
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await expectNoSeriousViolations(page, 'delete chapter dialog')
    await page.keyboard.press('Escape')

    const response = await page.goto('/dashboard/settings')
    expect(response?.status()).toBe(403)
    await expectNoSeriousViolations(page, '403 page')
  })

  test("every chapter's page, with its dialogs, on a phone too", async ({ page, chapter }) => {
    const banner = await chapter.api.upload()
    const event = (await chapter.api.call('POST', '/api/events', eventFields(banner))).body.event
    const member = (
      await chapter.api.call('POST', '/api/excom', {
        name: 'Rakib Chowdhury',
        designation: 'Secretary',
        affiliation: 'Padma University',
        email: 'rakib@example.org',
        image: banner,
      })
    ).body.member
    await signIn(page, chapter.email, chapter.password)
    for (const path of [
      '/dashboard',
      '/dashboard/events',
      `/dashboard/events/edit-event/${event._id}`,
      '/dashboard/excom',
      '/dashboard/excom/add-new-excom',
      `/dashboard/excom/edit-excom/${member._id}`,
      '/dashboard/settings',
    ]) {
      await openConsole(page, path)
      await settled(page)
      await expectNoSeriousViolations(page, path)
    }
    await openConsole(page, '/dashboard/excom')
    await page.getByRole('button', { name: 'Edit Rakib Chowdhury' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoSeriousViolations(page, 'edit member dialog')
    await page.keyboard.press('Escape')

    await page.setViewportSize({ width: 390, height: 844 })
    await openConsole(page, '/dashboard/events')
    await settled(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expectNoSeriousViolations(page, 'events on a phone, menu open')
  })

  test('the selection bar, the shortcuts dialog, the palette, the inbox filters and phone cards', async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/chapters')
    await settled(page)
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.getByRole('checkbox', { name: 'Select all chapters on this page' }).check()
    await expect(page.getByRole('region', { name: 'Selected rows' })).toBeVisible()
    await expectNoSeriousViolations(page, 'chapters with rows selected and a row focused')
    await page.getByRole('button', { name: 'Delete selected' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await expectNoSeriousViolations(page, 'bulk delete dialog')
    await page.keyboard.press('Escape')

    await page.keyboard.press('?')
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await expectNoSeriousViolations(page, 'shortcuts dialog')
    await page.keyboard.press('Escape')

    await page.keyboard.press('Control+K')
    await page.keyboard.type('ev')
    await expect(page.getByRole('option').first()).toBeVisible()
    await expectNoSeriousViolations(page, 'command palette with results')
    await page.keyboard.press('Escape')

    await openConsole(page, '/dashboard/contact-list')
    await settled(page)
    await expectNoSeriousViolations(page, 'the inbox with its filters')

    await page.setViewportSize({ width: 390, height: 844 })
    for (const path of ['/dashboard/contact-list', '/dashboard/chapters']) {
      await openConsole(page, path)
      await settled(page)
      await expectNoSeriousViolations(page, `${path} as cards on a phone`)
    }
    await page.keyboard.press('Control+K')
    await expect(page.getByRole('combobox')).toBeFocused()
    await expectNoSeriousViolations(page, 'command palette on a phone')
  })

  test('the people pages, the invite dialog and the invitation, forgot and reset pages', async ({
    page,
    chapter,
  }) => {
    await signIn(page, chapter.email, chapter.password)
    for (const path of ['/dashboard/officers', '/dashboard/account']) {
      await openConsole(page, path)
      await settled(page)
      await expectNoSeriousViolations(page, path)
    }
    await openConsole(page, '/dashboard/officers')
    await page.getByRole('button', { name: 'Invite officer' }).click()
    await page.getByRole('dialog').getByLabel('Email address').fill('a11y-invitee@example.org')
    await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click()
    const link = await page.getByRole('dialog').getByLabel('Invitation link').inputValue()
    // The success toast fades in and out (2 s): axe would measure its contrast halfway.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
    await expectNoSeriousViolations(page, 'invite dialog with its link')
    await page.context().clearCookies()
    for (const path of [new URL(link).pathname, '/forgot-password', `/reset-password/${'A'.repeat(43)}`]) {
      await openConsole(page, path)
      await expectNoSeriousViolations(page, path)
    }
  })

  test("the administrators' page", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/administrators')
    await settled(page)
    await expectNoSeriousViolations(page, '/dashboard/administrators')
  })
})
