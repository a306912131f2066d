import path from 'node:path'
import Database from 'better-sqlite3'
import { databaseFileName } from '#db/client.server'
import { validRegistrationSettings } from '../support/api'
import { expectNoAxeViolations } from './axe'
import { eventFields, expect, openConsole, signIn, test, unique } from './console-fixtures'

/**
 * The console's events list of a paid event with registrations: its counts, and the delete
 * dialog saying how many people will be told and how many had paid. On a phone and at 1280 x 800, axe on
 * the list and the dialog, screenshots kept.
 */

/** Marks the registration paid, straight in the server's database. */
function markPaid(id: string) {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global setup)')
  const db = new Database(path.join(dataDir, databaseFileName))
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare("UPDATE registrations SET status = 'confirmed' WHERE id = ?").run(id)
  } finally {
    db.close()
  }
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`deleting a paid event on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('the list counts its registrations and the delete dialog says who is told and who paid', async ({
      page,
      chapter,
    }) => {
      test.slow()
      const title = unique('Paid Nagad Workshop')
      const created = await chapter.api.call('POST', '/api/events', {
        ...eventFields(await chapter.api.upload(), { title, fees: 300 }),
        registration: validRegistrationSettings({ capacity: 30, paymentMethods: ['nagad'] }),
      })
      expect(created.status).toBe(201)
      const eventId: string = created.body.event._id
      for (const name of ['তানভীর আহমেদ', 'Nusrat Jahan']) {
        const answer = await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
          name,
          email: `${unique('payer')}@example.org`,
          answers: { 'student-id': '7' },
          paymentMethod: 'nagad',
          transactionId: 'NG12345',
        })
        expect(answer.status).toBe(201)
      }
      const listed = await chapter.api.call('GET', `/api/events/${eventId}/registrations`)
      markPaid(listed.body.registrations[0]._id)

      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events?q=${encodeURIComponent(title)}`)
      await expect(page.getByText('1 / 30 confirmed')).toBeVisible()
      await expect(page.getByText('1 pending')).toBeVisible()
      await expectNoAxeViolations(page, 'the events list with registration counts')
      await page.screenshot({ path: test.info().outputPath(`events-${viewport.name}.png`), fullPage: true })
      await page.getByRole('button', { name: `Delete ${title}` }).click()
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toContainText(
        '2 registered people are mailed that it is cancelled, 1 of whom has paid: arrange their refunds.',
      )
      await expectNoAxeViolations(page, 'the delete dialog of a paid event')
      await page.screenshot({ path: test.info().outputPath(`delete-${viewport.name}.png`) })
      await dialog.getByRole('button', { name: 'Cancel' }).click()
    })
  })
}
