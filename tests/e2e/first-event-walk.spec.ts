import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { openDoor, result } from './check-in-fixtures'
import {
  type ChapterAccount,
  expect,
  expectToast,
  openConsole,
  signIn,
  startingSoon,
  test,
  unique,
} from './console-fixtures'

/**
 * An officer's first paid event, walked end to end in Chromium as its organisers meet it: the event made in
 * the console's form with registration and payment instructions, students registering on its page (a
 * Bengali name among them), their payments confirmed on the Attendees page, the door, certificates issued
 * and one revoked, the event deleted and restored from the trash. Once on a desktop at 1280 × 800, once on
 * a phone; a screenshot of each screen is kept in the test's output.
 */

const PAYMENT_INSTRUCTIONS = 'Send 300 BDT by bKash to 01700-000000 (personal).\nReference: your student ID.'

const STUDENTS = [
  { name: 'তাসনিম রহমান', transactionId: 'BK7Q2M9X1' },
  { name: 'Farhan Kabir', transactionId: 'BK7Q2M9X2' },
  { name: 'Sadia Islam', transactionId: 'BK7Q2M9X3' },
]

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`an officer's first event on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('create a paid event, registrations, payments, the door, certificates, revoke one, delete and restore', async ({
      page,
      browser,
      chapter,
    }) => {
      // A whole event's life in one test: each step waits for what the officer sees, never for time.
      test.setTimeout(240_000)
      const shot = (name: string) =>
        page.screenshot({ path: test.info().outputPath(`${name}-${viewport.name}.png`), fullPage: true })
      const title = unique('Git for Teams')

      // 1. The event, made in the console's form: paid, registration on this site, where to pay.
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, '/dashboard/add-new-event')
      const when = startingSoon()
      await page.getByLabel('Event Title').fill(title)
      await page.getByLabel('Event Date').fill(when.eventDate)
      await page.getByLabel('Event Starting Time').fill(when.startTime)
      await page.getByLabel('Event Ending Time').fill(when.endTime)
      await page.getByLabel('Event Location').fill('Lab 3, Padma University, Dhaka')
      await page.getByLabel('Registration Method').selectOption('Offline')
      await page.getByLabel('Fees').fill('300')
      await page.getByLabel('Description').fill('Branches, pull requests and **reviews**, hands on.')
      const registration = page.getByRole('region', { name: 'Registration' })
      await registration.getByLabel('Registration on this site').check()
      await registration.getByLabel('Capacity').fill('3')
      await registration.getByLabel('bKash').check()
      await registration.getByLabel('Payment instructions').fill(PAYMENT_INSTRUCTIONS)
      await shot('1-event-form')
      await page.getByRole('button', { name: 'Add Event' }).click()
      await expectToast(page, 'Event added successfully')
      await expect(page).toHaveURL(/\/dashboard\/events$/)
      const eventId = await idOfEvent(chapter, title)

      // 2. Three students register on the event page, in a browser of their own (no session).
      const visitors = await browser.newContext({ viewport })
      const visitor = await visitors.newPage()
      await visitor.goto(`/events/${eventId}`)
      await expect(visitor.getByRole('heading', { name: title })).toBeVisible()
      await expect(visitor.getByText('In person', { exact: true })).toBeVisible()
      await expect(visitor.getByText('How to pay')).toBeVisible()
      await expect(visitor.getByText('Send 300 BDT by bKash to 01700-000000 (personal).')).toBeVisible()
      await visitor.screenshot({
        path: test.info().outputPath(`2-event-page-${viewport.name}.png`),
        fullPage: true,
      })
      for (const [index, student] of STUDENTS.entries()) {
        if (index > 0) await visitor.goto(`/events/${eventId}`)
        await expect(visitor.locator('html[data-hydrated]')).toHaveCount(1)
        const form = visitor.locator('form[data-registration-form]')
        await form.getByLabel('Full name').fill(student.name)
        await form.getByLabel('Email').fill(`${unique('student')}@example.org`)
        await form.getByLabel('bKash').check()
        await form.getByLabel('Transaction ID').fill(student.transactionId)
        await form.getByRole('button', { name: 'Register' }).click()
        const done = visitor.getByRole('status').filter({ hasText: 'Registration received' })
        await expect(done).toBeVisible()
        // The seats left count this registration at once, in the box and beside the details.
        const left = STUDENTS.length - index - 1
        const seats =
          left === 0 ? 'Full: join the waiting list.' : left === 1 ? '1 seat left.' : `${left} seats left.`
        await expect(visitor.locator('[data-registration-availability]')).toHaveText([seats, seats])
      }
      await visitor.screenshot({
        path: test.info().outputPath(`3-registered-${viewport.name}.png`),
        fullPage: true,
      })
      await visitors.close()

      // 3. The payments: two are checked against the bKash statement and marked paid.
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await expect(page.getByRole('heading', { name: 'Attendees', level: 1 })).toBeVisible()
      for (const student of STUDENTS.slice(0, 2)) {
        const markPaid = page.getByRole('button', { name: `Mark paid: ${student.name}` })
        await markPaid.click()
        await expect(markPaid).toHaveCount(0)
      }
      await expectNoAxeViolations(page, 'the Attendees page of a paid event')
      await shot('4-attendees')

      // 4. The door: the officer finds each paid student by name and lets them in.
      await openDoor(page, eventId)
      const search = page.getByLabel('Find by name, email or phone')
      for (const student of STUDENTS.slice(0, 2)) {
        await search.fill(student.name.split(' ')[0] ?? student.name)
        await search.press('Enter')
        const found = page.getByRole('list', { name: 'Found' })
        await found.getByRole('button', { name: `Check in ${student.name}` }).click()
        await expect(result(page)).toHaveText(`Checked in: ${student.name}`)
      }
      await expect(page.getByTestId('check-in-counts')).toHaveText('2 / 2 checked in')
      await shot('5-door')

      // 5. Certificates to everyone checked in; the only template there is comes chosen.
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('button', { name: 'Issue certificates' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Issue certificates' })
      await expect(dialog.getByLabel('Template')).not.toHaveValue('')
      await dialog.getByRole('button', { name: 'Issue certificates' }).click()
      await expect(dialog.getByText('Issued 2 of 2')).toBeVisible({ timeout: 60_000 })
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)

      // 6. One certificate revoked from the event's certificates page.
      await page.getByRole('main').getByRole('link', { name: 'Certificates', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Certificates' })).toBeVisible()
      const revoked = STUDENTS[1]?.name ?? ''
      await page.getByRole('button', { name: `Revoke the certificate of ${revoked}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
      await expectToast(page, 'Certificate revoked')
      await expect(page.getByText('Revoked', { exact: true })).toBeVisible()
      await shot('6-certificates')

      // 7. Deleted: the dialog says who is told and who paid; then restored from the trash.
      await openConsole(page, `/dashboard/events?q=${encodeURIComponent(title)}`)
      await page.getByRole('button', { name: `Delete ${title}` }).click()
      const confirm = page.getByRole('alertdialog')
      await expect(confirm).toContainText(
        '3 registered people are mailed that it is cancelled, 2 of whom have paid: arrange their refunds.',
      )
      await shot('7-delete')
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await openConsole(page, '/dashboard/trash')
      const row = page.getByRole('row').filter({ hasText: title })
      await row.getByRole('checkbox', { name: `Select ${title}` }).check()
      await page.getByRole('button', { name: 'Restore selected (1)' }).click()
      await expectToast(page, `Restored "${title}"`)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      for (const student of STUDENTS) await expect(page.getByText(student.name).first()).toBeVisible()
      await shot('8-restored')
      await expectNoSidewaysScroll(page)
    })
  })
}

async function idOfEvent(chapter: ChapterAccount, title: string): Promise<string> {
  const mine = await chapter.api.call('GET', '/api/events/myevents')
  const event = mine.body.events.find((candidate: { title: string }) => candidate.title === title)
  expect(event, `the event "${title}" in the chapter's events`).toBeTruthy()
  return event._id as string
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
}
