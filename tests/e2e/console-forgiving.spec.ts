import { expectNoSeriousViolations } from './axe'
import {
  daysFromToday,
  eventFields,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  signIn,
  test,
  toast,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The browser's clock, fixed: "today" is 25 Nov 2026 for the past-date question, whatever the machine says. */
const TODAY = new Date('2026-11-25T09:00:00+06:00')

for (const [label, viewport] of [
  ['1280 px', { width: 1280, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`a forgiving console at ${label}`, () => {
    test.use({ viewport })
    test.describe.configure({ timeout: 120_000 })

    test('the event form: an end before the start, a past date asked about, nothing typed lost', async ({
      page,
      chapter,
    }, testInfo) => {
      await page.clock.setFixedTime(TODAY)
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, '/dashboard/add-new-event')
      await page.getByLabel('Event Title').fill('Backwards Workshop')
      await page.getByLabel('Event Date').fill('2026-11-20')
      await page.getByLabel('Event Starting Time').fill('14:00')
      await page.getByLabel('Event Ending Time').fill('13:00')
      await page.getByLabel('Event Location').fill('Room 5')
      await page.getByLabel('Registration Method').selectOption('Offline')
      await page.getByLabel('Fees').fill('300')
      await page.getByLabel('Event Facebook Link').fill('https://www.facebook.com/events/7')
      await page.getByLabel('Banner Image').setInputFiles(await pngFile('banner.png'))
      const preview = page.getByRole('img', { name: 'Banner Image preview, as the event page shows it' })
      await expect(preview).toHaveAttribute('src', /^\/uploads\//)
      // Framed as the event page frames it: 1200 x 630, cropped to fill.
      const box = await preview.boundingBox()
      expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 1200 / 630)).toBeLessThan(0.02)
      await expect(preview).toHaveCSS('object-fit', 'cover')
      await expect(page.getByText('Best at 1200 × 630 pixels')).toBeVisible()
      await page.getByLabel('Description').fill('Line one.\nLine two.')
      await page.getByRole('button', { name: 'Add Event' }).click()

      await expect(page.getByText('Ending time must not be before the starting time')).toBeVisible()
      await expect(page.getByLabel('Event Ending Time')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel('Event Title')).toHaveValue('Backwards Workshop')
      await expect(page.getByLabel('Description')).toHaveValue('Line one.\nLine two.')
      await expectNoSeriousViolations(page, 'the event form with an error')

      // A date before today: asked first; "Change the date" sends nothing.
      await page.getByLabel('Event Ending Time').fill('17:00')
      await page.getByRole('button', { name: 'Add Event' }).click()
      const question = page.getByRole('alertdialog', { name: 'Save an event in the past?' })
      await expect(question).toContainText('Fri, 20 Nov 2026')
      await expect(question.getByRole('button', { name: 'Change the date' })).toBeFocused()
      await expectNoSeriousViolations(page, 'the past-date question')
      await page.screenshot({ path: testInfo.outputPath(`past-date-${viewport.width}.png`) })
      await question.getByRole('button', { name: 'Change the date' }).click()
      await expect(question).toHaveCount(0)
      await expect(page).toHaveURL(/\/dashboard\/add-new-event$/)
      expect((await chapter.api.call('GET', '/api/events/myevents')).body.total).toBe(0)

      await page.getByRole('button', { name: 'Add Event' }).click()
      await question.getByRole('button', { name: 'Save anyway' }).click()
      await expect(page).toHaveURL(/\/dashboard\/events$/)
      await expectToast(page, 'Event added successfully')
      const row = page.getByRole('row').filter({ hasText: 'Backwards Workshop' })
      await expect(row).toContainText('300 BDT')
      // An officer's table has no Chapter column: every event is their chapter's.
      await expect(page.getByRole('columnheader', { name: 'Chapter' })).toHaveCount(0)
    })

    test('unsaved changes: a sidebar link and a reload ask first; Stay keeps the text', async ({
      page,
      chapter,
    }) => {
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, '/dashboard/excom/add-new-excom')
      await page.getByLabel('Member Name').fill('Half Typed')
      const events = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Events' })
      if (viewport.width < 1024) await page.getByRole('button', { name: 'Menu' }).click()
      await events.click()
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
      await expect(leave).toBeVisible()
      await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused()
      await expectNoSeriousViolations(page, 'the leave question')
      await leave.getByRole('button', { name: 'Stay on this page' }).click()
      await expect(page).toHaveURL(/\/add-new-excom$/)
      await expect(page.getByLabel('Member Name')).toHaveValue('Half Typed')

      // A reload: the browser's own question (beforeunload), dismissed: the page and the text stay.
      const asked: string[] = []
      page.once('dialog', async (dialog) => {
        asked.push(dialog.type())
        await dialog.dismiss()
      })
      await page.reload({ timeout: 3_000 }).catch(() => {})
      expect(asked).toEqual(['beforeunload'])
      await expect(page.getByLabel('Member Name')).toHaveValue('Half Typed')

      // Leaving for good: the question, then the page goes.
      if (viewport.width < 1024 && !(await events.isVisible()))
        await page.getByRole('button', { name: 'Menu' }).click()
      await events.click()
      await leave.getByRole('button', { name: 'Leave without saving' }).click()
      await expect(page).toHaveURL(/\/dashboard\/events$/)
      await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible()
    })

    test('the back button asks too, and a saved form leaves without a question', async ({
      page,
      chapter,
    }) => {
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, '/dashboard/excom')
      await page.getByRole('link', { name: 'Add New Excom' }).first().click()
      await expect(page.getByRole('heading', { name: 'Add New Excom' })).toBeVisible()
      await page.getByLabel('Member Name').fill('No Photo Person')
      await page.evaluate(() => window.history.back())
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
      await expect(leave).toBeVisible()
      await leave.getByRole('button', { name: 'Stay on this page' }).click()
      await expect(page).toHaveURL(/\/add-new-excom$/)
      await expect(page.getByLabel('Member Name')).toHaveValue('No Photo Person')

      // Without photo and email: saved, and the card shows the initials.
      await page.getByLabel('Designation').fill('Treasurer')
      await page.getByLabel('Affiliation').fill('BUET')
      await page.getByRole('button', { name: 'Add Member' }).click()
      await expectToast(page, 'Member added successfully')
      await expect(page).toHaveURL(/\/dashboard\/excom$/)
      const card = page.getByRole('listitem').filter({ hasText: 'No Photo Person' })
      await expect(card).toContainText('NP')
      await expect(card.getByRole('img')).toHaveCount(0)
      await expect(card.getByRole('link')).toHaveCount(0)
    })

    test('an administrator picks the hosting chapter; Host follows; the Events table names the chapter', async ({
      page,
      chapter,
      adminApi,
    }) => {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await openConsole(page, '/dashboard/add-new-event')
      const host = page.getByLabel('Hosts')
      await expect(host).toHaveValue(/Chapter/)
      await page.getByLabel('Hosting Chapter').selectOption({ label: chapter.name })
      await expect(host).toHaveValue(chapter.name)
      const banner = await adminApi.upload()
      const fields = eventFields(banner, { title: 'Hosted for a chapter', eventDate: daysFromToday(45) })
      await page.getByLabel('Event Title').fill(fields.title)
      await page.getByLabel('Event Date').fill(fields.eventDate)
      await page.getByLabel('Event Starting Time').fill('10:00')
      await page.getByLabel('Event Ending Time').fill('12:00')
      await page.getByLabel('Event Location').fill('Dhaka')
      await page.getByLabel('Registration Method').selectOption('Online')
      await page.getByLabel('Fees').fill('0')
      await page.getByLabel('Event Facebook Link').fill(fields.eventLink)
      await page.getByLabel('Banner Image').setInputFiles(await pngFile('banner.png'))
      await expect(page.getByRole('img', { name: /Banner Image preview/ })).toHaveAttribute(
        'src',
        /^\/uploads\//,
      )
      await page.getByLabel('Description').fill('For the chapter.')
      await page.getByRole('button', { name: 'Add Event' }).click()
      await expectToast(page, 'Event added successfully')
      await page.getByRole('searchbox', { name: 'Search events' }).fill('Hosted for a chapter')
      const row = page.getByRole('row').filter({ hasText: 'Hosted for a chapter' })
      await expect(row).toContainText(chapter.name)
      await expect(row).toContainText('Free')
      const mine = await chapter.api.call('GET', '/api/events/myevents')
      expect(mine.body.events.map((event: { title: string }) => event.title)).toContain(
        'Hosted for a chapter',
      )
    })

    test('a refused sign-in is an alert in the card, and the dashboard greets the person', async ({
      page,
      consoleErrors,
    }) => {
      await openConsole(page, '/login')
      await page.getByLabel('Email address').fill(E2E_ADMIN.email)
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })
      await expect(alert).toBeVisible()
      await forgiveFailedRequests(consoleErrors, '/api/auth/login', 401)
      await expectNoSeriousViolations(page, 'the sign-in card with its alert')
      await page.getByLabel('Password').fill(E2E_ADMIN.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('heading', { name: /^Welcome to the dashboard, / })).toBeVisible()
      await expect(toast(page, 'Invalid email or password.')).toHaveCount(0)
      // Bottom right: never over the header's buttons.
      const welcome = toast(page, 'Login successful')
      await expect(welcome).toBeVisible()
      const header = await page.locator('header').first().boundingBox()
      const box = await welcome.boundingBox()
      expect((box?.y ?? 0) > (header?.y ?? 0) + (header?.height ?? 0)).toBe(true)
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(viewport.height / 2)
    })
  })
}
