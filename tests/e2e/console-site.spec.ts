import { expectNoAxeViolations } from './axe'
import { expect, openConsole, signIn, test, toast } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The administrator's Site page: the contact details, a field error, the public page at once, a restore. */

test.describe('site texts (admin)', () => {
  // The texts are one for the whole site: one test after another.
  test.describe.configure({ mode: 'serial' })

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`changes the contact phone and sees it on /contact, then restores the revision before (${viewport.name})`, async ({
      page,
      adminApi,
    }) => {
      test.slow()
      await page.setViewportSize(viewport)
      const before = (await adminApi.call('GET', '/api/site')).body.site
      const phone = viewport.name === 'phone' ? '+880 1811-444555' : '+880 1711-222333'
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, '/dashboard/site')
      await expect(page.getByRole('heading', { name: 'Site', level: 1 })).toBeVisible()
      await expectNoAxeViolations(page, `site page (${viewport.name})`)

      const field = page.getByLabel('Phone', { exact: true })
      await field.fill('123')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page, `site page with a field error (${viewport.name})`)

      await field.fill(phone)
      await page.getByRole('button', { name: 'Add a line' }).click()
      await page.getByLabel('Hours, line 3', { exact: true }).fill('Sunday closed')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(toast(page, 'Contact details saved')).toBeVisible()

      const contact = await page.context().newPage()
      await contact.setViewportSize(viewport)
      await contact.goto('/contact')
      await expect(contact.getByText(phone).first()).toBeVisible()
      await expect(contact.getByText('Sunday closed')).toBeVisible()

      // Back to the texts before this save: a confirm, then the public page follows.
      const previous = await page.getByRole('listitem').filter({ hasText: 'current' }).textContent()
      const number = Number(/Revision (\d+)/.exec(previous ?? '')?.[1]) - 1
      await page.getByRole('button', { name: `Restore revision ${number}` }).click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await expectNoAxeViolations(page, `restore confirm (${viewport.name})`)
      await page.getByRole('button', { name: 'Restore', exact: true }).click()
      await expect(toast(page, `Revision ${number} restored`)).toBeVisible()
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(before.contact.phone)
      await contact.reload()
      await expect(contact.getByText(before.contact.phone).first()).toBeVisible()
      await expect(contact.getByText('Sunday closed')).toHaveCount(0)
      expect((await adminApi.call('GET', '/api/site')).body.site).toEqual(before)
    })
  }
})
