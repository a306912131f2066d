import type { Page, TestInfo } from '@playwright/test'
import { formatDate } from '#components/shared/dates'
import { firstRunChapters } from '#content/chapters'
import { expectNoAxeViolations } from './axe'
import {
  daysFromToday,
  eventFields,
  expect,
  expectToast,
  openConsole,
  signIn,
  test,
  unique,
} from './console-fixtures'

/**
 * What a visitor reads is what the database holds (docs/decisions/066-chapters-from-the-database.md to
 * docs/decisions/069-true-counts.md), at 1280 px and on a 390 px phone, with screenshots attached to each test.
 */

const WIDTHS = [1280, 390] as const

async function screenshot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await info.attach(name, { path, contentType: 'image/png' })
}

async function fitsTheScreen(page: Page, width: number) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `page width at ${width} px`,
  ).toBeLessThanOrEqual(width)
}

test.describe('/chapters from the database', () => {
  test('every first-run chapter with its chair and advisor, each linked to its landing; a table, cards on a phone', async ({
    page,
  }, info) => {
    test.slow()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/chapters')
      const list =
        width === 1280 ? page.getByRole('table') : page.getByRole('list', { name: 'Student-branch chapters' })
      await expect(list).toBeVisible()
      if (width === 1280) {
        await expect(page.getByRole('list', { name: 'Student-branch chapters' })).toBeHidden()
        await expect(list.locator('thead th')).toHaveText([
          'S/N',
          'University',
          'Chair',
          'Email',
          'Advisor',
          'Email',
        ])
      } else {
        await expect(page.getByRole('table')).toBeHidden()
      }
      for (const chapter of firstRunChapters) {
        const entry = width === 1280 ? list.getByRole('row') : list.getByRole('listitem')
        const item = entry.filter({ has: page.getByRole('link', { name: chapter.name, exact: true }) })
        await expect(item).toHaveCount(1)
        await expect(item).toContainText(chapter.chair.name)
        await expect(item).toContainText(chapter.advisor.name)
        await expect(item.getByRole('link', { name: chapter.chair.email })).toHaveAttribute(
          'href',
          `mailto:${chapter.chair.email}`,
        )
      }
      // The logos lead to the landings too, and each picture loads (scrolled to: they load lazily).
      const logos = page.locator('#our-chapters ~ div')
      for (const chapter of firstRunChapters.filter((entry) => entry.logo)) {
        const link = logos.getByRole('link', { name: chapter.name, exact: true })
        await expect(link).toHaveAttribute('href', /^\/chapter\/[a-z0-9-]+$/)
        await link.scrollIntoViewIfNeeded()
        await expect
          .poll(() =>
            link.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
          )
          .toBeGreaterThan(0)
      }
      await fitsTheScreen(page, width)
      await screenshot(page, info, `chapters-${width}`)
      await expectNoAxeViolations(page, `/chapters at ${width} px`)
    }

    // The first one leads to its landing.
    const first = firstRunChapters[0]?.name ?? ''
    await page.getByRole('link', { name: first, exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first)
  })

  test('a chapter made in the console is on /chapters and in the sitemap at once, with its committee', async ({
    page,
    chapter,
  }) => {
    const chair = unique('Chair')
    await chapter.api.call('POST', '/api/excom', {
      name: chair,
      designation: 'chair',
      affiliation: 'Test University',
      image: await chapter.api.upload(),
      email: 'test.chair@example.org',
    })
    await page.goto('/chapters')
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: chapter.name }) })
    await expect(row).toContainText(chair)
    await expect(row.getByRole('link', { name: chapter.name })).toHaveAttribute(
      'href',
      `/chapter/${chapter.slug}`,
    )
    const sitemap = await (await page.request.get('/sitemap.xml')).text()
    expect(sitemap).toContain(`/chapter/${chapter.slug}</loc>`)
  })
})

test.describe('a chapter landing says what is true', () => {
  test('real counts, zeros left out, upcoming events first, no video of someone else', async ({
    page,
    chapter,
  }, info) => {
    test.slow()
    const banner = await chapter.api.upload()
    const landing = `/chapter/${chapter.slug}`

    // Nothing yet: no strip at all, no 'Coming up'.
    await page.goto(landing)
    await expect(page.getByRole('region', { name: 'Growth' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Coming up' })).toHaveCount(0)
    await expect(page.getByText('No past events yet.')).toBeVisible()
    await expect(page.getByRole('link', { name: /Play video/ })).toHaveCount(0)

    // Far from today (years ago, or most of a year ahead), so the test does not depend on the date it runs.
    for (const [title, eventDate, type] of [
      ['Done workshop', '2001-05-05', 'Workshop'],
      ['Done talk', '2002-06-06', 'Seminar'],
      ['Later meetup', daysFromToday(400), 'Meetup'],
      ['Sooner workshop', daysFromToday(300), 'Workshop'],
    ] as const) {
      const created = await chapter.api.call(
        'POST',
        '/api/events',
        eventFields(banner, { title, eventDate, type }),
      )
      expect(created.status).toBe(201)
    }
    await chapter.api.call('POST', '/api/chapters', {
      logo: banner,
      shortDescription: 'A chapter made by a test.',
      websiteUrl: 'https://example.org',
      facebookUrl: 'https://www.facebook.com/example',
      linkedinUrl: 'https://www.linkedin.com/company/example',
      videoUrl: '',
      aboutUs: 'We are a chapter made by a test, and this text stands alone without any video.',
    })

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(landing)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      const growth = page.getByRole('region', { name: 'Growth' })
      // No committee members: that count is left out.
      await expect(growth.locator('dt')).toHaveText(['Events', 'Workshops'])
      // The numbers count up from 0 over 5 s once in view (docs/product.md#constants).
      await growth.scrollIntoViewIfNeeded()
      await expect(growth.locator('dd')).toHaveText(['4', '2'], { timeout: 8_000 })
      await expect(page.getByRole('link', { name: /Play video/ })).toHaveCount(0)
      await expect(page.getByText('this text stands alone')).toBeVisible()
      const headings = page.getByRole('heading', { level: 2 })
      await expect(headings).toContainText(['Coming up', 'What we have done', 'Our Executive Committee'])
      const upcoming = page.locator('#chapter-upcoming ~ div .swiper-slide h3')
      await expect(upcoming).toHaveText(['Sooner workshop', 'Later meetup'])
      await expect(page.locator('#chapter-events ~ div .swiper-slide h3')).toHaveText([
        'Done talk',
        'Done workshop',
      ])
      await expect(page.locator('#chapter-upcoming ~ div .swiper-slide').first()).toContainText(
        `${formatDate(daysFromToday(300))} · 10:00-12:00`,
      )
      await fitsTheScreen(page, width)
      await screenshot(page, info, `landing-${width}`)
      await expectNoAxeViolations(page, `landing at ${width} px`)
    }
  })
})

test.describe('the home page counts', () => {
  test('seminars, webinars and workshops as the events say, a type without events left out', async ({
    page,
    request,
  }, info) => {
    // Other tests add events meanwhile: the page and the API agree once no write came in between.
    await expect
      .poll(async () => {
        const totals: string[] = []
        for (const [type, one, many] of [
          ['Seminar', 'Seminar', 'Seminars'],
          ['Webinar', 'Webinar', 'Webinars'],
          ['Workshop', 'Workshop', 'Workshops'],
        ]) {
          const answer = await (await request.get(`/api/events?type=${type}&pageSize=1`)).json()
          if (answer.total > 0) totals.push(`${answer.total === 1 ? one : many} ${answer.total}`)
        }
        const html = await (await request.get('/')).text()
        const shown = [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*><span data-count-to="(\d+)">/g)].map(
          ([, label, value]) => `${label} ${value}`,
        )
        return JSON.stringify(shown) === JSON.stringify(totals) && totals.length > 0
      })
      .toBe(true)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await page.locator('#home-events').scrollIntoViewIfNeeded()
      await expect(page.locator('#home-events ~ div dl')).toBeVisible()
      await fitsTheScreen(page, width)
      await screenshot(page, info, `home-${width}`)
    }
  })
})

test.describe('an event described in Markdown', () => {
  test('is formatted on its page and plain in its card; the console previews it', async ({
    page,
    chapter,
  }, info) => {
    test.slow()
    const title = unique('Markdown event')
    // Most of a year ahead, whatever day the suite runs on.
    const farDay = daysFromToday(300)
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/add-new-event')
    await expect(page.getByText('Markdown: **bold**, lists, [links](https://…)')).toBeVisible()
    await page.getByLabel('Event Title').fill(title)
    await page.getByLabel('Event Type').selectOption('Workshop')
    await page.getByLabel('Event Date').fill(farDay)
    await page.getByLabel('Event Starting Time').fill('10:00')
    await page.getByLabel('Event Ending Time').fill('16:00')
    await page.getByLabel('Event Location').fill('Lab 2, Dhaka')
    await page.getByLabel('Registration Method').selectOption('Offline')
    await page.getByLabel('Fees').fill('300')
    await page.getByLabel('Event Facebook Link').fill('https://www.facebook.com/events/42')
    // The banner goes through the API below: the image field itself is tested in console-events.
    const banner = await chapter.api.upload()
    await page
      .getByLabel('Description', { exact: true })
      .fill(
        [
          '## What we cover',
          '',
          'Bring **a laptop**. Problems are on [the judge](https://judge.example.org).',
          '',
          '- sorting',
          '- greedy algorithms',
          '',
          '<script>window.__hacked = true</script>',
          '',
          '[a trap](javascript:window.__hacked=true)',
        ].join('\n'),
      )
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview of the description' })
    await expect(preview.getByRole('heading', { name: 'What we cover' })).toBeVisible()
    await expect(preview.locator('strong')).toHaveText('a laptop')
    await expect(preview.getByRole('link', { name: 'a trap' })).toHaveCount(0)
    await expect(preview).toContainText('<script>window.__hacked = true</script>')
    await screenshot(page, info, 'event-form-preview')
    await expectNoAxeViolations(page, 'the event form with its preview')
    await page.getByRole('button', { name: 'Write' }).click()
    await expect(page.getByLabel('Description', { exact: true })).toBeVisible()

    // Saved through the API with the same fields (the banner picker needs a file dialog).
    const created = await chapter.api.call(
      'POST',
      '/api/events',
      eventFields(banner, {
        title,
        type: 'Workshop',
        eventDate: farDay,
        startTime: '10:00',
        endTime: '16:00',
        fees: 300,
        description: await page.getByLabel('Description', { exact: true }).inputValue(),
      }),
    )
    expect(created.status).toBe(201)
    const id: string = created.body.event._id

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/events/${id}`)
      const about = page.getByRole('region', { name: 'About this event' })
      await expect(about.getByRole('heading', { name: 'What we cover' })).toBeVisible()
      await expect(about.locator('strong')).toHaveText('a laptop')
      await expect(about.getByRole('listitem')).toHaveText(['sorting', 'greedy algorithms'])
      await expect(about.getByRole('link', { name: 'the judge' })).toHaveAttribute('rel', 'nofollow noopener')
      await expect(about.getByRole('link', { name: 'a trap' })).toHaveCount(0)
      expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined()
      // The details box; on a phone the date and time are under the title too.
      const details = page.getByRole('complementary', { name: 'Event details' })
      await expect(details.getByText(formatDate(farDay))).toBeVisible()
      await expect(details.getByText('10:00-16:00')).toBeVisible()
      await expect(details.getByText('300 BDT')).toBeVisible()
      await fitsTheScreen(page, width)
      await screenshot(page, info, `event-${width}`)
      await expectNoAxeViolations(page, `the event page at ${width} px`)
    }

    // The card on /events (found by its title: other tests' events may fill the first page), with the
    // public date format and the description as plain words.
    await page.goto(`/events?q=${encodeURIComponent(title)}`)
    const card = page.locator('article').filter({ hasText: title })
    await expect(card).toContainText(`${formatDate(farDay)} · 10:00-16:00`)
    await expect(card).toContainText('What we cover Bring a laptop. Problems are on the judge.')
    await expect(card).not.toContainText('**')
    await expect(card).toContainText('300 BDT')

    // The console's list: a Type column and a type filter.
    await openConsole(page, '/dashboard/events')
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Workshop')
    await page.getByLabel('Type', { exact: true }).selectOption('Seminar')
    await expect(page).toHaveURL(/[?&]type=Seminar/)
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
    await page.getByLabel('Type', { exact: true }).selectOption('Workshop')
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)
  })

  test('the form keeps the type and says it is saved in sentence case', async ({ page, chapter }) => {
    const banner = await chapter.api.upload()
    const created = await chapter.api.call('POST', '/api/events', eventFields(banner, { type: 'Webinar' }))
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, `/dashboard/events/edit-event/${created.body.event._id}`)
    await expect(page.getByRole('heading', { name: 'Update Event' })).toBeVisible()
    await expect(page.getByLabel('Event Type')).toHaveValue('Webinar')
    await page.getByLabel('Event Type').selectOption('')
    await page.getByRole('button', { name: 'Update Event' }).click()
    await expectToast(page, 'Event updated successfully')
    const saved = await chapter.api.call('GET', `/api/events/${created.body.event._id}`)
    expect(saved.body.event.type).toBeNull()
  })
})

test.describe('navigation', () => {
  test('Events and Chapters in the top menu; Symposium leads to the symposium pages', async ({
    page,
  }, info) => {
    // axe twice on the home page, the longest page: slow on a busy machine.
    test.slow()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      if (width === 390) await page.locator('summary', { hasText: 'Menu' }).click()
      // The desktop and the phone navigation: only the one on screen has the role.
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('href', '/events')
      await expect(nav.getByRole('link', { name: 'Chapters', exact: true })).toHaveAttribute(
        'href',
        '/chapters',
      )
      if (width === 1280) {
        // One row of links: the header keeps its height.
        expect((await page.locator('[data-site-header]').boundingBox())?.height).toBeLessThanOrEqual(65)
        await nav.getByText('Symposium', { exact: true }).click()
      }
      await expect(nav.getByRole('link', { name: /Call for Extended Abstract/ })).toHaveAttribute(
        'href',
        '/call-for-extended-abstract',
      )
      await expect(nav.getByRole('link', { name: /Call for Abstract$/ })).toHaveAttribute(
        'href',
        '/call-for-abstract',
      )
      await screenshot(page, info, `navigation-${width}`)
      await expectNoAxeViolations(page, `the home page with its menu open at ${width} px`)
    }
  })

  test('at 1024 px the top menu still fits on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.goto('/')
    expect((await page.locator('[data-site-header]').boundingBox())?.height).toBeLessThanOrEqual(65)
    await fitsTheScreen(page, 1024)
  })
})
