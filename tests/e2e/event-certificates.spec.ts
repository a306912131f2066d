import path from 'node:path'
import Database from 'better-sqlite3'
import { databaseFileName } from '#db/client.server'
import { validRegistrationSettings } from '../support/api'
import { expectNoAxeViolations } from './axe'
import { eventFields, expect, expectToast, openConsole, signIn, test, unique } from './console-fixtures'

/**
 * An event's issued certificates in the console: the Attendees page's Certificate column and its
 * link to the event's certificates, listed with Revoke, Re-send and Download; one revoked. On a phone and a
 * desktop, axe on each screen, screenshots kept.
 */

function checkIn(ids: string[]) {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global setup)')
  const db = new Database(path.join(dataDir, databaseFileName))
  try {
    db.pragma('busy_timeout = 5000')
    const update = db.prepare(
      "UPDATE registrations SET checked_in_at = ?, checked_in_by = 'Door' WHERE id = ?",
    )
    for (const id of ids) update.run(Date.now(), id)
  } finally {
    db.close()
  }
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`issued certificates on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('the Attendees page shows who holds one and leads to the list, where one is revoked', async ({
      page,
      chapter,
    }) => {
      test.slow()
      const created = await chapter.api.call('POST', '/api/events', {
        ...eventFields(await chapter.api.upload(), { title: unique('Issued Workshop') }),
        registration: validRegistrationSettings({ capacity: null }),
      })
      expect(created.status).toBe(201)
      const eventId: string = created.body.event._id
      for (const name of ['শ্রেয়া চক্রবর্তী', 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Ødegård']) {
        const answer = await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
          name,
          email: `${unique('attendee')}@example.org`,
          answers: { 'student-id': '1' },
        })
        expect(answer.status).toBe(201)
      }
      const listed = await chapter.api.call('GET', `/api/events/${eventId}/registrations`)
      checkIn(listed.body.registrations.map((row: { _id: string }) => row._id))
      const templates = await chapter.api.call('GET', '/api/certificate-templates')
      const templateId = templates.body.templates[0]._id
      expect(
        (
          await chapter.api.call('POST', `/api/events/${eventId}/certificates`, {
            templateId,
            role: 'participant',
          })
        ).status,
      ).toBe(202)
      await expect
        .poll(
          async () =>
            (await chapter.api.call('GET', `/api/events/${eventId}/certificates`)).body.certificates.length,
          { timeout: 30_000 },
        )
        .toBe(2)

      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await expect(page.getByText(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}$/).first()).toBeVisible()
      await expectNoAxeViolations(page, 'the attendees with their certificates')
      await page.screenshot({
        path: test.info().outputPath(`attendees-${viewport.name}.png`),
        fullPage: true,
      })
      await page.getByRole('main').getByRole('link', { name: 'Certificates', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Certificates' })).toBeVisible()
      await expect(page.getByText('শ্রেয়া চক্রবর্তী')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Download the certificate of শ্রেয়া চক্রবর্তী' })).toBeVisible()
      await expectNoAxeViolations(page, "an event's issued certificates")
      await page.screenshot({
        path: test.info().outputPath(`certificates-${viewport.name}.png`),
        fullPage: true,
      })
      await page.getByRole('button', { name: 'Revoke the certificate of শ্রেয়া চক্রবর্তী' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
      await expectToast(page, 'Certificate revoked')
      await expect(page.getByText('Revoked', { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Revoke the certificate of শ্রেয়া চক্রবর্তী' })).toHaveCount(
        0,
      )
      await expectNoAxeViolations(page, 'a revoked certificate in the list')
    })
  })
}
