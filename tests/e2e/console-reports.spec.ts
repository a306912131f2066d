import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { localDateOf } from '#db/clock'
import { periodOf } from '#db/report-periods'
import { csvRecords } from '../support/csv'
import { expectNoAxeViolations } from './axe'
import {
  type ApiClient,
  daysFromToday,
  eventFields,
  expect,
  openConsole,
  signIn,
  test,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * Attendance reports in the console (docs/product.md#attendance-reports): an event's meeting report from
 * its Attendees page, the Reports page with its presets, for an officer and for an administrator; printed
 * (print media) and on a phone; axe with its experimental rules on each.
 */

/** Today in the server's zone (TIME_ZONE's default), as the presets read it. */
const today = () => localDateOf(Date.now(), 'Asia/Dhaka')
/** A day of last academic year: over, whatever today is. */
const lastAcademicYear = () => periodOf('last-academic-year', today())
const meetingDate = () => `${lastAcademicYear().from.slice(0, 8)}10`

/**
 * An event of the chapter, held last academic year: 4 confirmed, 3 checked in (2 with a membership
 * number), so 1 no-show, 2 members and 1 guest.
 */
async function heldMeeting(api: ApiClient, title: string) {
  const banner = await api.upload()
  const created = await api.call('POST', '/api/events', {
    ...eventFields(banner, { title, eventDate: daysFromToday(60), type: 'Workshop', host: 'Robotics Club' }),
    registration: {
      enabled: true,
      capacity: null,
      questions: [
        { id: 'ieee', label: 'IEEE number', type: 'text', required: false, membership: true },
        { id: 'uni', label: 'University', type: 'text', required: false },
      ],
    },
  })
  expect(created.status).toBe(201)
  const eventId: string = created.body.event._id
  const answers = [{ ieee: '94012345' }, { ieee: '94054321' }, { uni: 'BUET' }, { ieee: '94000000' }]
  for (const [index, answer] of answers.entries()) {
    const registered = await api.call('POST', `/api/events/${eventId}/registrations`, {
      name: `Attendee ${index + 1}`,
      email: `${unique('attendee')}@example.org`.toLowerCase(),
      answers: answer,
    })
    expect(registered.status).toBe(201)
  }
  // The door lets the first three in, through the check-in API as the door phone does ...
  const listed = await api.call('GET', `/api/events/${eventId}/registrations?sort=createdAt`)
  for (const row of listed.body.registrations.slice(0, 3))
    expect(
      (await api.call('POST', `/api/events/${eventId}/check-ins`, { registrationId: row._id })).status,
    ).toBe(200)
  // ... and the event is dated last academic year by editing it, as an officer would.
  const moved = await api.call(
    'PUT',
    `/api/events/${eventId}`,
    eventFields(banner, { title, eventDate: meetingDate(), type: 'Workshop', host: 'Robotics Club' }),
  )
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  return eventId
}

/** The Reports page's URL with these parameters, in this order, and nothing else. */
const reportsUrl = (parameters: Record<string, string>) =>
  new RegExp(`/dashboard/reports\\?${new URLSearchParams(parameters).toString().replaceAll('.', '\\.')}$`)

/** The figure under a label of the report's figures. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')

/** The page as printed: screenshot, and the console's bar, sidebar and the actions left off. */
async function expectPrintView(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' })
  try {
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await page.screenshot({ path: test.info().outputPath(`${name}-print.png`), fullPage: true })
  } finally {
    await page.emulateMedia({ media: 'screen' })
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const size of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('an officer opens the meeting report from the attendees, prints it and downloads it as CSV', async ({
      page,
      chapter,
    }) => {
      test.slow()
      const title = unique('Robot arms')
      const eventId = await heldMeeting(chapter.api, title)
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await page.getByRole('link', { name: 'Report', exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`/dashboard/events/${eventId}/report$`))
      await expect(page.getByRole('heading', { name: 'Meeting report' })).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      for (const [label, value] of [
        ['Registered', '4'],
        ['Confirmed', '4'],
        ['Checked in', '3'],
        ['No-shows', '1'],
        ['Members', '2'],
        ['Guests', '1'],
      ] as const)
        await expect(figure(page, label), label).toHaveText(value)
      await expect(page.getByText('Members: checked in with an answer to “IEEE number”')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page, 'the meeting report')
      await page.screenshot({
        path: test.info().outputPath(`meeting-report-${size.name}.png`),
        fullPage: true,
      })
      await expectPrintView(page, `meeting-report-${size.name}`)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV (vTools)' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^meeting-report-\d{4}-\d{2}-10-robot-arms-.*\.csv$/)
      const csv = csvRecords(fs.readFileSync(await download.path(), 'utf8'))
      expect(csv).toEqual([
        expect.objectContaining({
          'Meeting date': meetingDate(),
          Title: title,
          'Meeting type': 'Workshop',
          'Organizers/Host': 'Robotics Club',
          'IEEE member attendance': '2',
          'Guest attendance': '1',
          'Total attendance': '3',
          'No-shows': '1',
        }),
      ])

      // The Reports page from the sidebar: this academic year first, then the presets.
      if (size.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click()
      await expect(page.getByRole('heading', { name: 'Attendance reports' })).toBeVisible()
      const thisAcademicYear = periodOf('this-academic-year', today())
      await expect(page.getByLabel('From', { exact: true })).toHaveValue(thisAcademicYear.from)
      await expect(page.getByLabel('To', { exact: true })).toHaveValue(thisAcademicYear.to)
      // An officer reports on their own chapter: no chapter to choose.
      await expect(page.getByLabel('Chapter', { exact: true })).toHaveCount(0)
      await expect(page.getByRole('heading', { name: chapter.name, exact: true })).toBeVisible()

      await page.getByRole('link', { name: 'Last academic year' }).click()
      const last = lastAcademicYear()
      await expect(page).toHaveURL(reportsUrl({ from: last.from, to: last.to }))
      await expect(page.getByRole('link', { name: 'Last academic year' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      const row = page.getByRole('row').filter({ hasText: title })
      await expect(row.getByRole('cell')).toHaveText([
        /\d{4}/,
        new RegExp(title),
        '4',
        '4',
        '3',
        '1',
        '2',
        '1',
      ])
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page, "the officer's report of last academic year")
      await page.screenshot({ path: test.info().outputPath(`reports-${size.name}.png`), fullPage: true })
      await expectPrintView(page, `reports-${size.name}`)

      const thisYear = periodOf('this-year', today())
      await page.getByRole('link', { name: 'This calendar year' }).click()
      await expect(page).toHaveURL(reportsUrl(thisYear))
      await page.getByRole('link', { name: 'Last calendar year' }).click()
      const lastYear = periodOf('last-year', today())
      await expect(page).toHaveURL(reportsUrl(lastYear))

      // A period that ends before it starts: the error beside the field, no report.
      await page.getByLabel('From', { exact: true }).fill('2026-06-30')
      await page.getByLabel('To', { exact: true }).fill('2026-01-01')
      await page.getByRole('button', { name: 'Show report' }).click()
      await expect(page.getByText('The last day cannot be before the first day')).toBeVisible()
      await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page, 'the Reports page with a field error')
    })
  })
}

test('an administrator reports on every chapter, or one, and opens any event report', async ({
  page,
  chapter,
}) => {
  test.slow()
  const title = unique('Drone racing')
  const eventId = await heldMeeting(chapter.api, title)
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  const last = lastAcademicYear()
  await openConsole(page, `/dashboard/reports?from=${last.from}&to=${last.to}`)
  await expect(page.getByLabel('Chapter', { exact: true })).toHaveValue('')
  await expect(page.getByRole('heading', { name: 'All chapters', exact: true })).toBeVisible()
  const section = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: chapter.name, exact: true }) })
  await expect(section.getByRole('row').filter({ hasText: title })).toBeVisible()
  // The chapters side by side: a row each with its totals, and all chapters at the foot.
  const compared = page.getByRole('region', { name: 'Chapters side by side' })
  await expect(compared.getByRole('rowheader', { name: chapter.name, exact: true })).toBeVisible()
  await expect(compared.getByRole('columnheader')).toHaveText([
    'Chapter',
    'Events',
    'Registered',
    'Confirmed',
    'Checked in',
    'No-shows',
    'Members',
    'Guests',
  ])
  await expect(compared.getByRole('rowheader', { name: 'All chapters' })).toBeVisible()
  await expectNoAxeViolations(page, "the administrator's report of every chapter")
  await page.screenshot({ path: test.info().outputPath('reports-all-chapters.png'), fullPage: true })
  await expectPrintView(page, 'reports-all-chapters')

  await page.getByLabel('Chapter', { exact: true }).selectOption({ label: chapter.name })
  await page.getByRole('button', { name: 'Show report' }).click()
  await expect(page).toHaveURL(reportsUrl({ chapterSlug: chapter.slug, ...last }))
  await expect(page.getByRole('heading', { name: 'All chapters', exact: true })).toHaveCount(0)
  await expect(page.locator('article > section')).toHaveCount(1)
  // The presets keep the chapter.
  await page.getByRole('link', { name: 'This academic year' }).click()
  await expect(page).toHaveURL(new RegExp(`chapterSlug=${chapter.slug}&`))
  await expect(page.getByLabel('Chapter', { exact: true })).toHaveValue(chapter.slug)

  await openConsole(page, `/dashboard/reports?from=${last.from}&to=${last.to}`)
  await page.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/events/${eventId}/report$`))
  await expect(figure(page, 'Members')).toHaveText('2')
  await expectNoAxeViolations(page, "the administrator's view of a meeting report")
})

test('a past event whose registration was elsewhere is never "not over yet": its figures are not known', async ({
  page,
  chapter,
}) => {
  const banner = await chapter.api.upload()
  const title = unique('Outside talk')
  // Dated last academic year, as an officer records an event that took place.
  const created = await chapter.api.call(
    'POST',
    '/api/events',
    eventFields(banner, { title, eventDate: meetingDate() }),
  )
  expect(created.status).toBe(201)
  const eventId: string = created.body.event._id
  await signIn(page, chapter.email, chapter.password)
  await openConsole(page, `/dashboard/events/${eventId}/report`)
  await expect(figure(page, 'No-shows')).toHaveText('–not known')
  await expect(figure(page, 'Checked in')).toHaveText('–not known')
  const last = lastAcademicYear()
  await openConsole(page, `/dashboard/reports?from=${last.from}&to=${last.to}`)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('registration elsewhere')
  await expect(row).not.toContainText('not over yet')
  await expectNoAxeViolations(page, 'a report with an event whose registration was elsewhere')
})

test('the event form marks the question that tells members from guests', async ({ page, chapter }) => {
  test.slow()
  const banner = await chapter.api.upload()
  const event = (await chapter.api.call('POST', '/api/events', eventFields(banner))).body.event
  await signIn(page, chapter.email, chapter.password)
  await openConsole(page, `/dashboard/events/edit-event/${event._id}`)
  const section = page.getByRole('region', { name: 'Registration' })
  await section.getByLabel('Registration on this site').check()
  await section.getByRole('button', { name: 'Add a question' }).click()
  await section.getByLabel('Question 1', { exact: true }).fill('IEEE number')
  await section.getByRole('button', { name: 'Add a question' }).click()
  await section.getByLabel('Question 2', { exact: true }).fill('Are you a member?')
  await section.getByLabel('Type of question 2').selectOption('choice')
  await section.getByLabel('Options of question 2').fill('Yes\nNo')
  const questions = section.getByRole('listitem')
  const membershipOf = (index: number) => questions.nth(index).getByLabel('Membership number')

  // A choice cannot say who is a member: the error is under its box, nothing is saved.
  await membershipOf(1).check()
  await page.getByRole('button', { name: 'Update Event' }).click()
  await expect(questions.nth(1).getByText('not a choice')).toBeVisible()
  await expect(membershipOf(1)).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'the Registration section with a membership error')
  await section.screenshot({ path: test.info().outputPath('membership-question.png') })

  await membershipOf(1).uncheck()
  await membershipOf(0).check()
  await page.getByRole('button', { name: 'Update Event' }).click()
  await expect(page).toHaveURL(/\/dashboard\/events$/)
  const saved = (await chapter.api.call('GET', `/api/events/${event._id}`)).body.event
  expect(saved.registration.questions).toMatchObject([
    { label: 'IEEE number', type: 'text', membership: true },
    { label: 'Are you a member?', type: 'choice', membership: false },
  ])
  // Opened again, the mark is shown.
  await openConsole(page, `/dashboard/events/edit-event/${event._id}`)
  await expect(membershipOf(0)).toBeChecked()
  await expect(membershipOf(1)).not.toBeChecked()
})
