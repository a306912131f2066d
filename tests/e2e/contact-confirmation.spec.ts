import type { Page } from '@playwright/test'
import { site } from '#content/site'
import { expectNoAxeViolations } from './axe'
import { type ApiClient, expect, test, unique } from './console-fixtures'

/**
 * A sent contact message replaces the form with a lasting confirmation that says what happens next: in
 * place with scripts, and as the answer page of the plain POST without them. At 1280 and 390 px, with
 * screenshots, and axe with the experimental rules over the form's section (the public layout around it
 * is checked with the other public pages).
 */

/**
 * The section that holds the form or the confirmation (the map beside it embeds another site, which the
 * test machine cannot reach).
 */
const CONTENT = 'section[aria-labelledby="contact-form"]'

const SCREENSHOTS = 'test-results/contact-confirmation'

// Each flow runs axe two or three times: slow on a busy machine.
test.describe.configure({ timeout: 60_000 })

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel('Full Name', { exact: true }).fill(values.name)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  await page.getByLabel('Message', { exact: true }).fill(values.message)
}

/** Where the message went: the inbox, or the spam when the form was sent faster than a person types. */
async function storedCount(adminApi: ApiClient, text: string): Promise<number> {
  let count = 0
  for (const status of ['all', 'spam']) {
    const answer = await adminApi.call('GET', `/api/contact?status=${status}&q=${encodeURIComponent(text)}`)
    count += answer.body.contacts.length
  }
  return count
}

const confirmationText = (name: string, email: string) =>
  `Thank you, ${name}. We read every message and reply to ${email} within ${site.contact.replyWithinWorkingDays} working days.`

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`with scripts: the form gives way to the confirmation, which stays (${viewport.width} px)`, async ({
    page,
    adminApi,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/contact')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const sender = { name: 'Sadia Islam', email: 'sadia@example.org', message: unique('Confirmation test') }
    await fill(page, sender)
    await page.getByRole('button', { name: 'Send Message' }).click()

    const confirmation = page.getByRole('region', { name: 'Message sent successfully' })
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toBeFocused()
    await expect(confirmation).toContainText(confirmationText(sender.name, sender.email))
    await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0)
    expect(await storedCount(adminApi, sender.message)).toBe(1)
    // Lasting: no toast that goes away, the confirmation is still there later.
    await page.waitForLoadState('networkidle')
    await expect(confirmation).toBeVisible()
    await confirmation.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}/scripts-${viewport.width}.png` })
    await expectNoAxeViolations(page, `contact confirmation with scripts, ${viewport.width} px`, CONTENT)

    // Another message: the form comes back empty, ready to type in.
    await confirmation.getByRole('link', { name: 'Write another message' }).click()
    await expect(confirmation).toHaveCount(0)
    await expect(page.getByLabel('Full Name', { exact: true })).toBeFocused()
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
    await expect(page).toHaveURL(/\/contact$/)
  })

  test(`without scripts: the plain POST answers with the confirmation page (${viewport.width} px)`, async ({
    browser,
    baseURL,
    adminApi,
  }) => {
    // The page's own scripts never load, as in a browser without scripts; axe can still run.
    const context = await browser.newContext({ baseURL, viewport })
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const page = await context.newPage()
    try {
      await page.goto('/contact')
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
      // Nothing typed: the page answers with the errors under the fields (400), nothing is stored.
      await page.getByLabel('Message', { exact: true }).fill('Only a message')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await expect(page.getByText('Message sending failed: check the fields below.')).toBeVisible()
      await expect(page.getByText('Full name is required')).toBeVisible()
      await expect(page.getByLabel('Full Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Only a message')
      await expectNoAxeViolations(page, `contact form refused without scripts, ${viewport.width} px`, CONTENT)

      const sender = { name: 'Karim Uddin', email: 'karim@example.org', message: unique('Plain post test') }
      await fill(page, sender)
      await page.getByRole('button', { name: 'Send Message' }).click()
      const confirmation = page.getByRole('region', { name: 'Message sent successfully' })
      await expect(confirmation).toContainText(confirmationText(sender.name, sender.email))
      await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0)
      // No fill time without scripts: a person's message goes to the inbox.
      const inbox = await adminApi.call('GET', `/api/contact?q=${encodeURIComponent(sender.message)}`)
      expect(inbox.body.contacts).toMatchObject([{ name: sender.name, status: 'new' }])
      await confirmation.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SCREENSHOTS}/plain-${viewport.width}.png` })
      await expectNoAxeViolations(page, `contact confirmation without scripts, ${viewport.width} px`, CONTENT)

      await confirmation.getByRole('link', { name: 'Write another message' }).click()
      await expect(page).toHaveURL(/\/contact$/)
      await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('')
    } finally {
      await context.close()
    }
  })
}
