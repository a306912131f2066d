import { expectNoAxeViolations, TOASTER } from './axe'
import { confirmRestore, expect, expectToast, openConsole, signIn, test, toast } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * The administrator's Site page: each section's form (the contact details; the home page's member count and
 * a membership benefit), a field error, the public pages at once, a restore.
 */

test.describe('site texts (admin)', () => {
  // The texts are one for the whole site: one test after another.
  test.describe.configure({ mode: 'serial' })
  // Whatever a test leaves, the texts go back as they were: other specs read the original.
  let original: unknown
  test.beforeEach(async ({ adminApi }) => {
    original = (await adminApi.call('GET', '/api/site')).body.site
  })
  test.afterEach(async ({ adminApi }) => {
    const now = (await adminApi.call('GET', '/api/site')).body.site
    if (JSON.stringify(now) !== JSON.stringify(original)) await adminApi.call('PUT', '/api/site', original)
  })

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`changes the contact phone and sees it on /contact, then restores the revision before (${viewport.name})`, async ({
      page,
      adminApi,
    }) => {
      // A long page (every section's form) swept by axe: more than a page or two.
      test.setTimeout(180_000)
      await page.setViewportSize(viewport)
      const before = (await adminApi.call('GET', '/api/site')).body.site
      const phone = viewport.name === 'phone' ? '+880 1811-444555' : '+880 1711-222333'
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, '/dashboard/site')
      await expect(page.getByRole('heading', { name: 'Site', level: 1 })).toBeVisible()
      await expectNoAxeViolations(page, `site page (${viewport.name})`)

      const currentRevision = page.getByRole('listitem').filter({ hasText: 'current' })
      const start = Number(/Revision (\d+)/.exec((await currentRevision.textContent()) ?? '')?.[1])
      const contactForm = page.getByRole('form', { name: 'Contact details' })
      const field = contactForm.getByLabel('Phone', { exact: true })
      await field.fill('123')
      await contactForm.getByRole('button', { name: 'Save' }).click()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(
        page,
        `contact form with a field error (${viewport.name})`,
        '#section-contact',
      )

      await field.fill(phone)
      await page.getByRole('button', { name: 'Add a line' }).click()
      await page.getByLabel('Hours, line 3', { exact: true }).fill('Sunday closed')
      await contactForm.getByRole('button', { name: 'Save' }).click()
      // The toast itself is swept too: sonner's own green text on its pale green was 4.3 : 1. Hovered, it
      // stays (the page stays put, so the toast does too); fully faded in, axe reads its real colours.
      const saved = toast(page, 'Contact details saved')
      await saved.hover()
      await expect(saved).toHaveCSS('opacity', '1')
      await expectNoAxeViolations(page, `a success toast (${viewport.name})`, TOASTER)
      await page.mouse.move(0, 0)

      const contact = await page.context().newPage()
      await contact.setViewportSize(viewport)
      await contact.goto('/contact')
      await expect(contact.getByText(phone).first()).toBeVisible()
      await expect(contact.getByText('Sunday closed')).toBeVisible()

      // Back to the texts before this save: a confirm, then the public page follows.
      await expect(currentRevision).toContainText(`Revision ${start + 1}`)
      const number = start
      await page.getByRole('button', { name: `Restore revision ${number}` }).click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await expectNoAxeViolations(page, `restore confirm (${viewport.name})`, '[role=alertdialog]')
      await confirmRestore(page, number)
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(before.contact.phone)
      await contact.reload()
      await expect(contact.getByText(before.contact.phone).first()).toBeVisible()
      await expect(contact.getByText('Sunday closed')).toHaveCount(0)
      expect((await adminApi.call('GET', '/api/site')).body.site).toEqual(before)
    })

    test(`changes the member count and adds a membership benefit, then restores the texts before (${viewport.name})`, async ({
      page,
      browser,
      adminApi,
    }) => {
      // Two forms, two public pages, a restore and axe twice: more than a page or two.
      test.setTimeout(180_000)
      await page.setViewportSize(viewport)
      const before = (await adminApi.call('GET', '/api/site')).body.site
      const count = viewport.name === 'phone' ? '81,000' : '72,000'
      const benefit = `Mentoring circles (${viewport.name})`
      // A visitor (no session: the front cache keeps the pages) has seen the home page before.
      const visitor = await browser.newContext({ viewport })
      const visit = await visitor.newPage()
      await visit.goto('/')
      await expect(visit.getByText(`one of more than ${before.home.memberCount} members`)).toBeVisible()

      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, '/dashboard/site')
      const currentRevision = page.getByRole('listitem').filter({ hasText: 'current' })
      const start = Number(/Revision (\d+)/.exec((await currentRevision.textContent()) ?? '')?.[1])

      // The section links take a phone to its form.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Home page' })
        .click()
      const home = page.getByRole('form', { name: 'Home page' })
      const memberCount = home.getByLabel('Member count', { exact: true })
      await expect(memberCount).toBeInViewport()
      await expect(memberCount).toHaveValue(before.home.memberCount)

      // A required field left empty: its error under it, and nothing saved.
      await memberCount.fill('')
      await home.getByRole('button', { name: 'Save' }).click()
      await expect(memberCount).toHaveAttribute('aria-invalid', 'true')
      await expect(home.getByText('must be a number like 60,000')).toBeVisible()
      await expectNoAxeViolations(page, `home form with a field error (${viewport.name})`, '#section-home')
      expect((await adminApi.call('GET', '/api/site')).body.site).toEqual(before)

      await memberCount.fill(count)
      await home.getByRole('button', { name: 'Save' }).click()
      await expectToast(page, 'Home page saved')
      await expect(memberCount).not.toHaveAttribute('aria-invalid')

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Membership benefits' })
        .click()
      const membership = page.getByRole('form', { name: 'Membership benefits' })
      const added = before.membership.benefits.length + 1
      await membership.getByRole('button', { name: 'Add a benefit' }).click()
      await membership.getByLabel(`Benefit ${added}, title`, { exact: true }).fill(benefit)
      await membership
        .getByLabel(`Benefit ${added}, description`, { exact: true })
        .fill('Small groups of members who meet each month to help one another with their work.')
      await membership.getByLabel(`Benefit ${added}, icon`, { exact: true }).selectOption('community')
      // Moved up one place and back: the values move with their row.
      await membership.getByRole('button', { name: `Move benefit ${added} up` }).click()
      await expect(membership.getByLabel(`Benefit ${added - 1}, title`, { exact: true })).toHaveValue(benefit)
      await membership.getByRole('button', { name: `Move benefit ${added - 1} down` }).click()
      await expect(membership.getByLabel(`Benefit ${added}, title`, { exact: true })).toHaveValue(benefit)
      await expectNoAxeViolations(page, `benefits with one added (${viewport.name})`, '#section-membership')
      await membership.getByRole('button', { name: 'Save' }).click()
      await expectToast(page, 'Membership benefits saved')

      // The visitor sees both at once.
      await visit.goto('/')
      await expect(visit.getByText(`one of more than ${count} members`)).toBeVisible()
      await visit.goto('/membership')
      await expect(visit.getByRole('heading', { name: benefit })).toBeVisible()

      // Back to the revision before both saves: the public pages show the old texts again.
      await expect(currentRevision).toContainText(`Revision ${start + 2}`)
      const number = start
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Revisions' })
        .click()
      await page.getByRole('button', { name: `Restore revision ${number}` }).click()
      await confirmRestore(page, number)
      await expect(page.getByLabel('Member count', { exact: true })).toHaveValue(before.home.memberCount)
      await expect(page.getByLabel(`Benefit ${added}, title`, { exact: true })).toHaveCount(0)
      await visit.goto('/')
      await expect(visit.getByText(`one of more than ${before.home.memberCount} members`)).toBeVisible()
      await expect(visit.getByText(`more than ${count} members`)).toHaveCount(0)
      await visit.goto('/membership')
      await expect(visit.getByText(benefit)).toHaveCount(0)
      await visitor.close()
      expect((await adminApi.call('GET', '/api/site')).body.site).toEqual(before)
    })
  }
})
