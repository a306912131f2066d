import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import ICAL from 'ical.js'
import { siteClock } from '../support/site-clock'
import { type ApiClient, eventFields, expect, test, unique } from './console-fixtures'

/**
 * Finding an event in a browser (docs/product.md#finding-events): the filters and search, the archive, the
 * month calendar and the feeds, with scripts off and on, on a desktop (1280 px) and a phone (390 px). axe,
 * with its experimental rules, on every new screen; screenshots of each in the test's output folder.
 */

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const

/** axe-core with every rule, the experimental ones included: nothing may be found. */
async function expectNoAxeFindings(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'wcag22a',
      'wcag22aa',
      'best-practice',
      'experimental',
    ])
    .analyze()
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(found, `axe on ${what}`).toEqual([])
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

const dayFromToday = (days: number) => siteClock.daysFromToday(days)

/** Events of this test, made through the API and deleted after it. */
async function addEvents(api: ApiClient, prefix: string) {
  const banner = await api.upload()
  const made = [
    { title: `মেশিন লার্নিং কর্মশালা ${prefix}`, eventDate: dayFromToday(3), registrationMethod: 'Offline' },
    {
      title: `${prefix} Robotics Evening`,
      eventDate: dayFromToday(4),
      registrationMethod: 'Online',
      fees: 300,
    },
    { title: `${prefix} Archive Talk`, eventDate: dayFromToday(-5), registrationMethod: 'Offline' },
  ]
  const ids: string[] = []
  for (const fields of made) {
    const created = await api.call(
      'POST',
      '/api/events',
      eventFields(banner, {
        ...fields,
        location: 'Dhaka University, Dhaka',
        description: `About ${prefix}.`,
      }),
    )
    expect(created.status).toBe(201)
    ids.push(created.body.event._id)
  }
  return { ids, remove: () => Promise.all(ids.map((id) => api.call('DELETE', `/api/events/${id}`))) }
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`finding events, scripts ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })
    test.describe.configure({ timeout: 90_000 })
    // axe and the width check run as scripts in the page: only where scripts are on. The HTML is the same
    // either way (these pages ship no framework), so the scripts-on runs check it for both.
    const axe = (page: Page, what: string) =>
      javaScriptEnabled ? expectNoAxeFindings(page, what) : undefined

    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      test(`${device}: search in Bengali, filter, remove a chip, the empty result, the archive`, async ({
        page,
        adminApi,
      }, testInfo) => {
        const prefix = unique('Finder').replace(/\W+/g, '')
        const events = await addEvents(adminApi, prefix)
        try {
          await page.setViewportSize(viewport)
          await page.goto('/events')
          const form = page.getByRole('search', { name: 'Filter events' })
          await form.getByLabel('Keyword').fill(`লার্নিং ${prefix}`)
          await form.getByLabel('Online or offline').selectOption('offline')
          await form.getByRole('button', { name: 'Search' }).click()
          await expect(page).toHaveURL(
            javaScriptEnabled
              ? /\/events\?q=[^&]+&mode=offline$/
              : /\/events\?q=[^&]+&from=&to=&chapter=&mode=offline&fees=$/,
          )
          await expect(page.getByRole('heading', { level: 2, name: /Upcoming events/ })).toBeVisible()
          await expect(page.getByRole('link', { name: `মেশিন লার্নিং কর্মশালা ${prefix}` })).toBeVisible()
          await expect(page.getByRole('link', { name: `${prefix} Robotics Evening` })).toHaveCount(0)
          const chips = page.getByRole('list', { name: 'Active filters:' })
          await expect(chips.getByRole('link')).toHaveText([/Keyword: লার্নিং/, /Offline/])
          // The form shows what was asked for.
          await expect(form.getByLabel('Keyword')).toHaveValue(`লার্নিং ${prefix}`)
          await expect(form.getByLabel('Online or offline')).toHaveValue('offline')
          await expect(page).toHaveTitle(/Events/)
          await screenshot(page, testInfo, `list-with-chips-${device}`)
          await axe(page, `the filtered list (${device})`)

          // A chip is a link to the list without its filter.
          await chips.getByRole('link', { name: 'Remove filter Offline' }).click()
          await expect(page).toHaveURL(/\/events\?q=[^&]+$/)
          await expect(page.getByRole('list', { name: 'Active filters:' }).getByRole('link')).toHaveCount(1)

          // Nothing found: said so, with a way out.
          await page.goto(`/events?q=${prefix}nothing`)
          await expect(page.getByText('No upcoming events match these filters.')).toBeVisible()
          await screenshot(page, testInfo, `empty-result-${device}`)
          await axe(page, `the empty result (${device})`)
          await page.getByRole('main').getByRole('link', { name: 'Search past events' }).click()
          await expect(page).toHaveURL(new RegExp(`/events\\?q=${prefix}nothing&when=past$`))
          await page.getByRole('main').getByRole('link', { name: 'Clear all filters' }).first().click()
          await expect(page).toHaveURL(/\/events\?when=past$/)

          // The archive: past events, newest first, with the filters kept across the tabs.
          await page.goto(`/events?q=${prefix}`)
          await page
            .getByRole('navigation', { name: 'Upcoming or past events' })
            .getByRole('link', { name: 'Past events' })
            .click()
          await expect(page).toHaveURL(new RegExp(`/events\\?q=${prefix}&when=past$`))
          await expect(page.getByRole('link', { name: `${prefix} Archive Talk` })).toBeVisible()
          await expect(page.getByRole('link', { name: `${prefix} Robotics Evening` })).toHaveCount(0)
          await expect(page.getByRole('link', { name: 'Past events', exact: true })).toHaveAttribute(
            'aria-current',
            'page',
          )

          // The page fits the screen: no sideways scrolling.
          if (javaScriptEnabled) {
            const width = await page.evaluate(() => document.documentElement.scrollWidth)
            expect(width).toBeLessThanOrEqual(viewport.width)
          }
        } finally {
          await events.remove()
        }
      })

      test(`${device}: the month calendar, its filters and its links`, async ({
        page,
        adminApi,
      }, testInfo) => {
        const prefix = unique('Month').replace(/\W+/g, '')
        const events = await addEvents(adminApi, prefix)
        try {
          await page.setViewportSize(viewport)
          await page.goto('/events')
          await page.getByRole('link', { name: 'Month calendar' }).click()
          const month = siteClock.today().slice(0, 7)
          await expect(page).toHaveURL(new RegExp(`/events/calendar/${month}$`))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Events in \w+ \d{4}$/)
          const table = page.getByRole('table', { name: /by day/ })
          const agenda = page.getByRole('list', { name: /by day/ })
          if (device === 'desktop') {
            await expect(table).toBeVisible()
            await expect(agenda).toBeHidden()
            await expect(table.getByRole('columnheader')).toHaveText(
              ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
                (day) => new RegExp(day),
              ),
            )
            await expect(table.locator('td[aria-current="date"]')).toHaveCount(1)
            await expect(table.locator('td[aria-current="date"] time')).toHaveAttribute(
              'dateTime',
              siteClock.today(),
            )
            await screenshot(page, testInfo, 'calendar-grid-desktop')
          } else {
            await expect(table).toBeHidden()
            await screenshot(page, testInfo, 'calendar-agenda-phone')
          }
          await axe(page, `the month calendar (${device})`)

          // The same filters apply; the months around keep them.
          const form = page.getByRole('search', { name: 'Filter events' })
          await form.getByLabel('Keyword').fill(prefix)
          await form.getByRole('button', { name: 'Search' }).click()
          // With scripts, the form leaves its empty fields out; without, they go along and mean "any".
          await expect(page).toHaveURL(
            javaScriptEnabled
              ? new RegExp(`/events/calendar/${month}\\?q=${prefix}$`)
              : new RegExp(`/events/calendar/${month}\\?q=${prefix}&from=&to=&chapter=&mode=&fees=$`),
          )
          const shown = device === 'desktop' ? table : agenda
          await expect(page.getByRole('link', { name: /Next month/ })).toHaveAttribute(
            'href',
            new RegExp(`\\?q=${prefix}$`),
          )
          await page.getByRole('link', { name: /Next month/ }).click()
          await expect(page).toHaveURL(new RegExp(`/events/calendar/\\d{4}-\\d{2}\\?q=${prefix}$`))
          await page.getByRole('link', { name: /Previous month/ }).click()
          await expect(page).toHaveURL(new RegExp(`/events/calendar/${month}\\?q=${prefix}$`))

          // Each event is on its day in its month's calendar (this month's, or the next at a month's end),
          // and leads to its page.
          const upcoming: [string, string][] = [
            [dayFromToday(3), `লার্নিং কর্মশালা ${prefix}`],
            [dayFromToday(4), `${prefix} Robotics Evening`],
          ]
          for (const [day, title] of upcoming) {
            if (!page.url().includes(`/events/calendar/${day.slice(0, 7)}?`))
              await page.goto(`/events/calendar/${day.slice(0, 7)}?q=${prefix}`)
            await expect(shown.getByRole('link', { name: new RegExp(title) })).toBeVisible()
          }
          await shown.getByRole('link', { name: new RegExp(`${prefix} Robotics Evening`) }).click()
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${prefix} Robotics Evening`)
        } finally {
          await events.remove()
        }
      })
    }

    test('the feed of a filtered view parses, and the event page adds to calendars and links the map', async ({
      page,
      adminApi,
      request,
    }) => {
      const prefix = unique('Feed').replace(/\W+/g, '')
      const events = await addEvents(adminApi, prefix)
      try {
        await page.goto(`/events?q=${prefix}&mode=online`)
        const webcal = page.getByRole('link', { name: /Subscribe to these events in your calendar app/ })
        await expect(webcal).toHaveAttribute(
          'href',
          new RegExp(`^webcal://[^/]+/events\\.ics\\?mode=online&q=${prefix}$`),
        )
        const feedHref = await page.getByRole('link', { name: 'iCalendar feed (https)' }).getAttribute('href')
        const feed = await request.get(feedHref ?? '')
        expect(feed.headers()['content-type']).toMatch(/^text\/calendar/)
        const calendar = new ICAL.Component(ICAL.parse(await feed.text()))
        expect(calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).summary)).toEqual([
          `${prefix} Robotics Evening`,
        ])

        await page.getByRole('link', { name: `${prefix} Robotics Evening` }).click()
        const google = page.getByRole('link', { name: /Google Calendar/ })
        await expect(google).toHaveAttribute(
          'href',
          /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
        )
        await expect(google).toHaveAttribute('target', '_blank')
        await expect(page.getByRole('link', { name: /Outlook\.com/ })).toHaveAttribute(
          'href',
          /^https:\/\/outlook\.live\.com\//,
        )
        await expect(page.getByRole('link', { name: /Microsoft 365/ })).toHaveAttribute(
          'href',
          /^https:\/\/outlook\.office\.com\//,
        )
        await expect(page.getByRole('link', { name: '.ics file' })).toHaveAttribute('href', /\.ics$/)
        // Online: no map. The offline event's place is a link to OpenStreetMap (no map script on the page).
        await expect(page.getByRole('link', { name: /OpenStreetMap/ })).toHaveCount(0)
        await page.goto(`/events/${events.ids[0]}`)
        await expect(
          page.getByRole('link', { name: /Dhaka University, Dhaka.*OpenStreetMap/ }),
        ).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=Dhaka+University%2C+Dhaka')
        await axe(page, 'the event page')
      } finally {
        await events.remove()
      }
    })
  })
}

test('a chapter landing links to the calendar filtered to the chapter', async ({ page }) => {
  await page.goto('/chapter/padma-university-student-branch')
  await page.getByRole('link', { name: /Events calendar of/ }).click()
  await expect(page).toHaveURL(/\/events\/calendar\/\d{4}-\d{2}\?chapter=padma-university-student-branch$/)
  await expect(
    page
      .getByRole('list', { name: 'Active filters:' })
      .getByRole('link', { name: /Chapter: Padma University Student Branch/ }),
  ).toBeVisible()
})
