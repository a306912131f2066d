import { validRegistrationSettings } from '../support/api'
import { expectNoAxeViolations } from './axe'
import {
  type ApiClient,
  eventFields,
  expect,
  expectToast,
  openConsole,
  signIn,
  startingSoon,
  test,
  unique,
} from './console-fixtures'

/**
 * Tickets and door links in Chromium, on a phone (390 px) and a desktop: the manage page's QR code, the
 * ticket page (printable, no scripts), the Attendees page's Door links dialog (QR code, the PIN in large
 * digits, revoke) and the door link's PIN page; axe (experimental rules on) on each.
 */

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const

async function registered(api: ApiClient, name: string, fields: Record<string, unknown> = {}) {
  const created = await api.call('POST', '/api/events', {
    ...eventFields(await api.upload(), { title: unique('Ticketed Evening'), ...fields }),
    registration: validRegistrationSettings({ capacity: 20, questions: [] }),
  })
  expect(created.status).toBe(201)
  const eventId = created.body.event._id as string
  const registration = await api.call('POST', `/api/events/${eventId}/registrations`, {
    name,
    email: `${unique('ticket')}@example.org`,
    answers: {},
  })
  expect(registration.status).toBe(201)
  return { eventId, managePath: new URL(registration.body.registration.manageUrl).pathname }
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`tickets on a ${name}`, () => {
    test.use({ viewport })

    test('the manage page shows the QR code; the ticket page says it is valid', async ({
      page,
      adminApi,
    }) => {
      test.slow()
      const { managePath } = await registered(adminApi, 'Nusrat Jahan')
      await page.goto(managePath)
      const ticket = page.getByRole('region', { name: 'Your ticket' })
      await expect(ticket.getByRole('img', { name: 'QR code of the ticket of Nusrat Jahan' })).toBeVisible()
      await expectNoAxeViolations(page, `the manage page with a ticket (${name})`, 'main')
      const href =
        (await ticket.getByRole('link', { name: 'Open the ticket page' }).getAttribute('href')) ?? ''
      const ticketPath = new URL(href).pathname
      expect(ticketPath).toMatch(/^\/t\/[A-Za-z0-9_-]{122}$/)
      const answer = await page.goto(ticketPath)
      expect(answer?.headers()['cache-control']).toMatch(/private/)
      expect(answer?.headers()['cache-control']).toMatch(/no-store/)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page.getByRole('status')).toHaveText('Valid: show this code at the door.')
      await expect(page.getByRole('heading', { name: 'Nusrat Jahan' })).toBeVisible()
      await expect(page.getByRole('img', { name: 'QR code of the ticket of Nusrat Jahan' })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, `the ticket page (${name})`)
      await page.screenshot({ path: test.info().outputPath(`ticket-${name}.png`), fullPage: true })
      // On paper: the ticket alone, without the site's header, banner and footer.
      await page.emulateMedia({ media: 'print' })
      await expect(page.locator('[data-site-header]')).toBeHidden()
      await expect(page.getByRole('contentinfo')).toBeHidden()
      await expect(page.getByRole('heading', { name: 'Your ticket' })).toBeHidden()
      await expect(page.getByRole('img', { name: 'QR code of the ticket of Nusrat Jahan' })).toBeVisible()
      await page.emulateMedia({ media: 'screen' })
      // A changed character: not a ticket of this site.
      await page.goto(`${ticketPath.slice(0, -5)}AAAAA`)
      await expect(page.getByRole('heading', { name: 'This ticket is not valid' })).toBeVisible()
    })

    test('the Attendees page: who is in and by whom, the filter, the conflict notice, re-issue', async ({
      page,
      adminApi,
      chapter,
    }) => {
      test.slow()
      const { eventId } = await registered(chapter.api, 'Sadia Karim')
      const other = await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
        name: 'Tahmid Hasan',
        email: `${unique('tahmid')}@example.org`,
        answers: {},
      })
      expect(other.status).toBe(201)
      const list = await chapter.api.call('GET', `/api/events/${eventId}/registrations?q=Sadia`)
      const sadia = list.body.registrations[0]._id as string
      // Let in at two doors while both phones were offline: the officer's, then the administrator's.
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
      const first = await chapter.api.call('POST', `/api/events/${eventId}/check-ins`, {
        registrationId: sadia,
        scanId: crypto.randomUUID(),
        scannedAt: minutesAgo(5),
      })
      expect(first.status).toBe(200)
      const second = await adminApi.call('POST', `/api/events/${eventId}/check-ins`, {
        registrationId: sadia,
        scanId: crypto.randomUUID(),
        scannedAt: minutesAgo(4),
      })
      expect(second.body.details.conflict).toBe(true)

      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await expect(page.getByText('1 ticket was scanned at two doors')).toBeVisible()
      await expect(page.getByText(`by ${chapter.name}`).first()).toBeVisible()
      await page.getByRole('button', { name: 'Checked in', exact: true }).click()
      await expect(page).toHaveURL(/checkedIn=yes/)
      await expect(page.getByText('Tahmid Hasan')).toHaveCount(0)
      await expect(page.getByText('Sadia Karim').first()).toBeVisible()
      // A card's "Checked in: <time> by <who>" wraps on a phone instead of pushing the page sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `the Attendees page with check-ins scrolls sideways (${name})`).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, `the Attendees page with check-ins (${name})`)
      await page.screenshot({ path: test.info().outputPath(`attendees-door-${name}.png`), fullPage: true })
      await page.getByRole('button', { name: 'Re-issue ticket: Sadia Karim' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Re-issue ticket' }).click()
      await expectToast(page, 'A new ticket is on its way')
      const after = await chapter.api.call('GET', `/api/events/${eventId}/registrations?q=Sadia`)
      expect(after.body.registrations[0].ticketVersion).toBe(2)
    })

    test('an officer undoes a check-in from the Attendees page', async ({ page, chapter }) => {
      test.slow()
      const { eventId } = await registered(chapter.api, 'Urmila Sen')
      const list = await chapter.api.call('GET', `/api/events/${eventId}/registrations?q=Urmila`)
      const urmila = list.body.registrations[0]._id as string
      const checkedIn = await chapter.api.call('POST', `/api/events/${eventId}/check-ins`, {
        registrationId: urmila,
      })
      expect(checkedIn.status).toBe(200)

      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('button', { name: 'Undo check-in: Urmila Sen' }).click()
      await expectNoAxeViolations(page, `the Attendees page asking to undo a check-in (${name})`)
      await page.getByRole('alertdialog').getByRole('button', { name: 'Undo check-in' }).click()
      await expectToast(page, 'Urmila Sen is no longer checked in')
      await expect(page.getByRole('button', { name: 'Undo check-in: Urmila Sen' })).toHaveCount(0)
      await expect(page.getByRole('row', { name: /Urmila Sen/ }).getByText('Not yet')).toBeVisible()
      const summary = await chapter.api.call('GET', `/api/events/${eventId}/check-ins/summary`)
      expect(summary.body.checkedIn).toBe(0)
    })

    test('the Door links dialog makes a link with its QR code and PIN, and revokes it', async ({
      page,
      browser,
      baseURL,
      chapter,
    }) => {
      test.slow()
      // Starting within the day: door links open 24 hours before the start.
      const { eventId } = await registered(chapter.api, 'Rafiq Islam', startingSoon())
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('button', { name: 'Door links' }).click()
      const dialog = page.getByRole('dialog', { name: 'Door links' })
      await expect(dialog.getByText('No door links yet.')).toBeVisible()
      await dialog.getByLabel('Label').fill('North gate')
      await dialog.getByRole('button', { name: 'Make a door link' }).click()
      await expectToast(page, 'Door link made')
      await expect(dialog.getByRole('img', { name: 'QR code of the door link North gate' })).toBeVisible()
      const pin = (await dialog.locator('[data-door-pin]').textContent()) ?? ''
      expect(pin).toMatch(/^\d{6}$/)
      const url = await dialog.getByRole('textbox', { name: 'Door link', exact: true }).inputValue()
      expect(url).toMatch(/\/door\/[A-Za-z0-9_-]{43}$/)
      await expect(dialog.getByRole('list', { name: 'Door links' }).getByText('North gate')).toBeVisible()
      await expectNoAxeViolations(page, `the Door links dialog with a new link (${name})`, '[role="dialog"]')
      await page.screenshot({ path: test.info().outputPath(`door-links-${name}.png`), fullPage: true })

      // A volunteer's phone, without an account: the PIN page (a plain form), then on to the check-in page.
      const volunteer = await browser.newContext({ baseURL, viewport })
      const door = await volunteer.newPage()
      await door.goto(new URL(url).pathname)
      await expect(door.getByRole('heading', { name: 'Door check-in' })).toBeVisible()
      await expectNoAxeViolations(door, `the door link's PIN page (${name})`)
      await door.getByLabel('PIN').fill(pin === '000000' ? '111111' : '000000')
      await door.getByRole('button', { name: 'Open the door check-in' }).click()
      await expect(door.getByRole('alert')).toContainText('Wrong PIN: 4 tries left')
      await expect(door.getByLabel('PIN')).toHaveAccessibleDescription(/Wrong PIN/)
      await expectNoAxeViolations(door, `the door link's PIN page with an error (${name})`)
      await door.getByLabel('PIN').fill(pin)
      await door.getByRole('button', { name: 'Open the door check-in' }).click()
      await expect(door).toHaveURL(new RegExp(`/dashboard/events/${eventId}/check-in$`))
      const cookies = await volunteer.cookies()
      expect(cookies.map((cookie) => cookie.path).sort()).toEqual([
        `/api/events/${eventId}/check-ins`,
        `/dashboard/events/${eventId}/check-in`,
      ])
      const summary = await door.request.get(`/api/events/${eventId}/check-ins/summary`)
      expect(summary.status()).toBe(200)

      await dialog.getByRole('button', { name: 'Revoke the door link North gate' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
      await expectToast(page, 'North gate: revoked')
      await expect(dialog.getByText(/revoked/).first()).toBeVisible()
      expect((await door.request.get(`/api/events/${eventId}/check-ins/summary`)).status()).toBe(401)
      await volunteer.close()
    })
  })
}
