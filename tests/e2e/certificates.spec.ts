import { PDFDocument, rgb } from 'pdf-lib'
import { validRegistrationSettings } from '../support/api'
import { expectNoAxeViolations } from './axe'
import {
  eventFields,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  signIn,
  test,
  unique,
} from './console-fixtures'

/**
 * Certificates as an officer uses them in Chromium: a template made in the Certificates section with the
 * live preview, certificates issued from the Attendees page to the checked-in attendees with the progress
 * seen to finish, and the verification page opened; axe (experimental rules on) on each new screen, on a
 * phone and on a desktop.
 */

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`certificates on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('an officer makes a template, issues to the checked-in attendees and opens a verification page', async ({
      page,
      chapter,
      consoleErrors,
    }) => {
      test.slow()
      const created = await chapter.api.call('POST', '/api/events', {
        ...eventFields(await chapter.api.upload(), { title: unique('Certificate Workshop') }),
        registration: validRegistrationSettings({ capacity: null }),
      })
      expect(created.status).toBe(201)
      const eventId: string = created.body.event._id
      const ids: string[] = []
      for (const name of ['শ্রেয়া চক্রবর্তী', 'José Núñez Ødegård', 'Not Checked In']) {
        const answer = await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
          name,
          email: `${unique('attendee')}@example.org`,
          answers: { 'student-id': '1' },
        })
        expect(answer.status).toBe(201)
      }
      const listed = await chapter.api.call('GET', `/api/events/${eventId}/registrations?sort=createdAt`)
      for (const row of listed.body.registrations) if (row.name !== 'Not Checked In') ids.push(row._id)
      // Let in at the door through the check-in API, as the door phone does.
      for (const registrationId of ids)
        expect(
          (await chapter.api.call('POST', `/api/events/${eventId}/check-ins`, { registrationId })).status,
        ).toBe(200)

      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, '/dashboard/certificates')
      await expect(page.getByText('Classic (built in)', { exact: true })).toBeVisible()
      await expectNoAxeViolations(page, 'the certificates list')
      await page.getByRole('link', { name: 'New template' }).click()
      await expect(page.getByRole('heading', { name: 'New certificate template' })).toBeVisible()
      await page.getByLabel('Template name').fill('Chapter certificate')
      await page.getByLabel('Border colour').fill('#7c2d12')
      const preview = page.getByRole('img', { name: 'Preview of the certificate with sample values' })
      await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/)
      await expectNoAxeViolations(page, 'the template editor')
      // A PDF that cannot be read is refused under the field; a good one becomes the background (the
      // preview shows a placeholder for it), and the sample PDF is downloaded.
      const background = page.getByLabel('Background image or PDF')
      await background.setInputFiles({
        name: 'broken.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\nbroken'),
      })
      await expect(background).toHaveAccessibleDescription(/The PDF could not be read/)
      await forgiveFailedRequests(consoleErrors, '/api/uploads', 400)
      const designed = await PDFDocument.create()
      designed
        .addPage([842, 595])
        .drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.8, 0.92, 0.78) })
      await background.setInputFiles({
        name: 'background.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await designed.save()),
      })
      await expect(page.getByText('PDF page', { exact: true })).toBeVisible()
      await expect(background).not.toHaveAccessibleDescription(/could not be read/)
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Download a sample PDF' }).click()
      expect((await download).suggestedFilename()).toBe('certificate-sample.pdf')
      // The upload's toasts are the toaster's own (its tests check them); on a phone they cover the form.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
      // From the top, as the first sweep: scrolled to the button, the sticky header covers a field on a phone.
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoAxeViolations(page, 'the template editor with a PDF background')
      await page.getByRole('button', { name: 'Add template' }).click()
      await expectToast(page, 'Template added')
      await expect(page).toHaveURL(/\/dashboard\/certificates$/)
      await expect(page.getByRole('link', { name: 'Edit Chapter certificate' })).toBeVisible()

      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('button', { name: 'Issue certificates' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Issue certificates' })
      await dialog.getByLabel('Template').selectOption({ label: 'Chapter certificate' })
      await dialog.getByLabel('Role').selectOption('speaker')
      await expectNoAxeViolations(page, 'the issue dialog', '[role="dialog"]')
      await dialog.getByRole('button', { name: 'Issue certificates' }).click()
      await expect(dialog.getByText('Issued 2 of 2')).toBeVisible({ timeout: 30_000 })
      await expect(dialog.getByText('Done: each attendee gets their certificate by mail.')).toBeVisible()
      // The toast of the queueing is the toaster's own (its tests check it); the dialog is this screen's.
      await expectNoAxeViolations(page, 'the issuing progress', '[role="dialog"]')

      const issued = await chapter.api.call('GET', `/api/events/${eventId}/certificates`)
      expect(issued.body.certificates).toHaveLength(2)
      const jose = issued.body.certificates.find((c: { name: string }) => c.name === 'José Núñez Ødegård')
      await page.goto(`/certificates/${jose.serial}`)
      await expect(page.getByText('This certificate is valid.')).toBeVisible()
      await expect(page.getByText('José Núñez Ødegård')).toBeVisible()
      await expect(page.getByText('Speaker')).toBeVisible()
      await expectNoAxeViolations(page, 'the verification page')

      // A typo in the name: corrected in the dialog for that one row, issued again under the same serial.
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('row').filter({ hasText: 'José Núñez Ødegård' }).getByRole('checkbox').check()
      await page
        .getByRole('region', { name: 'Selected rows' })
        .getByRole('button', { name: 'Issue certificates' })
        .click()
      const again = page.getByRole('dialog', { name: 'Issue certificates' })
      await again.getByLabel('Name on the certificate').fill('José Núñez')
      await again.getByLabel('Template').selectOption({ label: 'Chapter certificate' })
      await again.getByLabel('Role').selectOption('speaker')
      await expectNoAxeViolations(page, 'the issue dialog for one attendee', '[role="dialog"]')
      await again.getByRole('button', { name: 'Issue certificates' }).click()
      await expect(again.getByText('Issued 1 of 1')).toBeVisible({ timeout: 30_000 })
      await page.goto(`/certificates/${jose.serial}`)
      await expect(page.getByText('José Núñez', { exact: true })).toBeVisible()
    })
  })
}
