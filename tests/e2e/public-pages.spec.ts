import type { Page } from '@playwright/test'
import { publicPages } from '#content/public-pages'
import { site } from '#content/site'
import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { collectScripts, gzippedTotal } from './page-weight'

// Content modules that import pictures need the bundler; these tests read the pages instead.

/** Demo chapters seeded by the e2e server (content/demo.ts): one with a video link, one without. */
const PADMA = '/chapter/padma-university-student-branch'
const MEGHNA = '/chapter/meghna-institute-of-technology-student-branch'

/** What each page must say: the texts of docs/product.md, in the server's HTML. */
const keyTexts: Record<string, string[]> = {
  '/': [
    'Empowering the Future of Computer Science',
    'Join Now',
    'Read More',
    'View All',
    'Events and activities',
    'View Gallery',
  ],
  '/about': ['About Us', 'Our mission'],
  '/membership': ['Membership Benefits', 'JOIN NOW', '$350', '50k members'],
  '/excom-23': ['Executive Committee 2023', 'Chair', 'Committee members', '+880', '@example.org'],
  '/excom-22': ['Executive Committee 2022', 'Chair', '@example.org'],
  '/excom-18': ['Executive Committee 2018', 'Chair', '@example.org'],
  '/sac-23': ['Student Activity Committee 2023', 'Chair'],
  '/secretariat-23': [
    'Mentor',
    'President',
    'Vice Presidents',
    'Public Relation',
    'Content',
    'Research',
    'Graphics',
    'Event Management',
  ],
  '/founder-spark': ['Founder of SPARK'],
  '/about-spark': ['About SPARK', 'at least one year and at most three', 'certificate', 'honour'],
  '/team-spark-23': ['Team SPARK 2023', 'Chief', 'Coordinators', 'Volunteers'],
  '/team-spark-22': ['Team SPARK 2022', 'Chair', 'Committee'],
  '/team-spark-21': ['Team SPARK 2021', 'Chair', 'Committee'],
  '/about-gsm': ['Graduate Student Member Forum'],
  '/gsm-23': ['GSM Forum 2023', 'Advisors', 'Founders', 'President', 'LinkedIn'],
  '/web-it-team-23': ['Web and IT Committee 2023', 'Advisors', 'President'],
  '/events': ['Previous Symposium', 'Previous Events', 'Upcoming Events', 'Host: '],
  '/call-for-extended-abstract': [
    'Call for Extended Abstract',
    '10-11 June 2022',
    'Program Committee',
    'Technical Program Committee',
    'without an ISBN',
    'does not prevent later publication',
  ],
  '/call-for-abstract': [
    'Call for Abstract',
    '13-14 November 2021',
    'undergraduate, graduate and doctoral students',
    'Program Committee',
  ],
  '/xtreme-17-0': ['Xtreme 17.0 Ambassadors', 'University'],
  '/ieee-day': ['We are Almost there!', 'Stay tuned for something amazing!!!', 'days', 'secs'],
  '/gallery': ['We are Almost there!', 'Stay tuned for something amazing!!!'],
  '/contact': [
    'Contact Us',
    'Full Name',
    'Visit Our Location',
    'Dhaka, Bangladesh',
    'Monday-Friday 9am-5pm',
    'Saturday 10am-4pm',
    site.contact.email,
    site.contact.phone,
  ],
  '/blogs': ['Blogs', 'Learn More', 'View All'],
  '/chapters': ['S/N', 'University', 'Chair', 'Advisor', 'Our Chapters'],
  '/awards': ['Award 2022'],
  '/acheivements': ['Achievements', 'championship', 'scholarship', 'co-lead'],
  '/application-for-technical-cosponsorship': ['Application'],
}

/** Every public page: the fixed ones and samples of the dynamic ones; an event page is found on /events. */
const EVENT_PAGE = 'an event page'
const allPublicPaths = [
  ...Object.keys(publicPages),
  '/profile/some-member',
  '/blogs/csbd-chapter-leads-the-way',
  '/blogs/evolution-of-quantum-computing',
  '/blogs/metaverse-unveiling-the-digital-reality-revolution',
  PADMA,
  MEGHNA,
  EVENT_PAGE,
]
/** Hydrated by React: none of the public pages any more (docs/decisions/037-no-framework-on-public-pages.md). */
const interactivePaths = new Set<string>()
/** HTML-only, with an enhancer the chrome script imports for them (the contact form, the carousel). */
const enhancedPaths = new Set(['/contact', PADMA, MEGHNA])
/** What an HTML-only page may load: the chrome entry and the chunks it imports (Vite's module loader). */
const CHROME_SCRIPT = /^\/assets\/(?:entries\/pages_client\.[\w-]+|chunks\/chunk-[\w-]+)\.js$/

async function resolvePath(page: Page, path: string): Promise<string> {
  if (path !== EVENT_PAGE) return path
  await page.goto('/events')
  const href = await page
    .locator('section[aria-labelledby="previous-events"] a[href^="/events/"]')
    .first()
    .getAttribute('href')
  return href ?? '/events/missing'
}

test.describe('every public page', () => {
  for (const [path, meta] of Object.entries(publicPages)) {
    test(`${path}: status, title, description, canonical and key texts`, async ({ page, request }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(`${meta.title} | ${site.chapterName}`)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/' : path}$`),
      )
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1)
      await expect(page.locator('h1')).toHaveCount(1)
      // The texts are in the server's HTML: they do not need JavaScript.
      const html = await (await request.get(path)).text()
      for (const text of keyTexts[path] ?? [])
        expect(html, `${path} says ${text}`).toContain(text.replace(/&/g, '&amp;'))
    })
  }

  for (const listed of allPublicPaths) {
    test(`${listed}: accessible, fits 360 px, and ships no framework unless it is interactive`, async ({
      page,
    }) => {
      const path = await resolvePath(page, listed)
      const scripts = collectScripts(page)
      await page.goto(path, { waitUntil: 'networkidle' })
      const loaded = await scripts.settled()
      if (!interactivePaths.has(listed)) {
        expect(loaded.map(([name]) => name)).toContainEqual(
          expect.stringMatching(/^\/assets\/entries\/pages_client\.[\w-]+\.js$/),
        )
        // No page entry of Vike's, no React: only the chrome script, with the carousel's on a landing.
        await expect(page.locator('#vike_pageContext')).toHaveCount(0)
        if (!enhancedPaths.has(listed)) {
          for (const [name] of loaded) expect(name, 'only the chrome script').toMatch(CHROME_SCRIPT)
          expect(gzippedTotal(loaded), 'gzipped JavaScript of an HTML-only page').toBeLessThanOrEqual(
            4 * 1024,
          )
        }
      }

      await expectNoSeriousViolations(page, path)

      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto(path)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, 'page width at 360 px').toBeLessThanOrEqual(360)
    })
  }
})

test.describe('static lists', () => {
  test('/xtreme-17-0 has the 27 ambassadors and a picture', async ({ page }) => {
    await page.goto('/xtreme-17-0')
    await expect(page.getByRole('table').locator('thead th')).toHaveText(['Name', 'University', 'Email'])
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(27)
    await expect(page.getByRole('table').locator('tbody tr').last().getByRole('link')).toHaveAttribute(
      'href',
      /^mailto:/,
    )
    await expect(page.getByRole('img', { name: /Xtreme 17\.0/ })).toBeVisible()
  })

  test('the 2023 committee shows photos, and initials where a photo is missing, never a broken image', async ({
    page,
  }) => {
    await page.goto('/excom-23')
    const images = page.locator('main img')
    await expect(images.first()).toBeVisible()
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded()
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
        )
        .toBe(true)
    }
    // Some members have no photo: their card shows initials instead.
    const withoutPhoto = page.locator('main article').filter({ hasNot: page.locator('img') })
    await expect(withoutPhoto.first()).toBeVisible()
    await expect(withoutPhoto.first().locator('[aria-hidden="true"]').first()).toHaveText(/^[A-Z]{1,2}$/)
  })
})

test.describe('home', () => {
  test('shows 6 of the 9 benefits, the latest events and four gallery pictures', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#home-benefits ~ div li')).toHaveCount(6)
    await expect(
      page
        .locator('#home-events ~ div')
        .getByText(/^Host: /)
        .first(),
    ).toBeVisible()
    await expect(page.locator('#home-gallery ~ div img')).toHaveCount(4)
    await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/membership')
    await expect(page.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', '/about')
  })
})

test.describe('countdown', () => {
  test('after the target it shows zeros, never negative numbers', async ({ page }) => {
    // An hour past the configured local target, on the visitor's clock, which the test moves on.
    await page.clock.install({ time: new Date(site.countdownTarget).getTime() + 3_600_000 })
    await page.goto('/ieee-day')
    const parts = page.locator('[data-countdown-part]')
    await expect(parts).toHaveText(['0', '00', '00', '00'])
    await page.clock.runFor(2_000)
    await expect(parts).toHaveText(['0', '00', '00', '00'])
  })

  test('before the target it counts down every second in the visitor’s clock', async ({ page }) => {
    // 1 day, 1 hour, 1 minute and 30 seconds before the configured local target.
    const target = new Date(site.countdownTarget).getTime()
    const start = target - ((24 + 1) * 3600 + 60 + 30) * 1000
    await page.clock.install({ time: start - 60_000 })
    await page.clock.pauseAt(start)
    await page.goto('/profile/some-member')
    const parts = page.locator('[data-countdown-part]')
    await expect(parts).toHaveText(['1', '01', '01', '30'])
    await page.clock.runFor(2_000)
    await expect(parts).toHaveText(['1', '01', '01', '28'])
  })
})

test.describe('not found', () => {
  for (const path of ['/events/no-such-event', '/blogs/no-such-article', '/chapter/no-such-chapter']) {
    test(`${path} is the 404 page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    })
  }
})

test.describe('events', () => {
  test('an event card leads to the event page with its details and the register link', async ({ page }) => {
    await page.goto('/events')
    const card = page.locator('#previous-events').locator('..').locator('article').first()
    await expect(card).toContainText(/[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} · \d{2}:\d{2}-\d{2}:\d{2}/)
    const title = (await card.locator('h3').textContent()) ?? ''
    await card.locator('h3 a').click()
    await expect(page).toHaveURL(/\/events\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByText('Organized By')).toBeVisible()
    const register = page.getByRole('link', { name: 'Register Now' })
    await expect(register).toHaveAttribute('target', '_blank')
    await expect(register).toHaveAttribute('rel', /noopener/)
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    )
    expect(jsonLd['@type']).toBe('Event')
    expect(jsonLd.name).toBe(title)
    const banner = await page.getByRole('img', { name: `Banner of ${title}` }).getAttribute('src')
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`${banner}$`),
    )
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    const ics = await page.request.get(`${page.url()}.ics`)
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/)
    expect(await ics.text()).toContain(`SUMMARY:${title}`)
  })
})

test.describe('chapter landing', () => {
  test('hero, video on click, growth strip, carousel dots and committee', async ({ page }) => {
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }),
    )
    await page.goto(PADMA)
    // The play button and the dots act once React has hydrated the page.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Padma University Student Branch')
    const main = page.getByRole('main')
    for (const name of ['Facebook', 'LinkedIn', 'Website', 'padma-sb@example.org']) {
      await expect(main.getByRole('link', { name })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'padma-sb@example.org' })).toHaveAttribute(
      'href',
      'mailto:padma-sb@example.org',
    )
    // The growth strip counts: the first-run chair and advisor and the demo's four members; the demo's
    // four events, three of them workshops (content/chapters.ts, content/demo.ts).
    const growth = page.getByRole('region', { name: 'Growth' })
    await expect(growth.locator('dt')).toHaveText(['Committee members', 'Events', 'Workshops'])
    // The numbers count up from 0 over 5 s once in view (docs/product.md#constants).
    await growth.scrollIntoViewIfNeeded()
    await expect(growth.locator('dd')).toHaveText(['6', '4', '3'], { timeout: 8_000 })
    for (const text of ['Coming up', 'What we have done', 'Our Executive Committee']) {
      await expect(page.getByRole('heading', { name: text })).toBeVisible()
    }
    await expect(page.locator('#chapter-excom ~ div li')).toHaveCount(6)

    // No player before the click; the chapter's own video after it.
    await expect(page.locator('iframe')).toHaveCount(0)
    await page.getByRole('link', { name: /Play video/ }).click()
    await expect(page.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/aircAruvnKk/)

    // One slide at a time; the dots move it. Two events are coming up, two are done.
    const done = page.locator('#chapter-events ~ div')
    const dots = done.locator('.swiper-pagination-bullet')
    await expect(dots).toHaveCount(2)
    await expect(page.locator('#chapter-upcoming ~ div .swiper-pagination-bullet')).toHaveCount(2)
    const slides = done.locator('.swiper-slide')
    await expect(slides.nth(0)).toHaveClass(/swiper-slide-active/)
    await dots.nth(1).click()
    await expect(slides.nth(1)).toHaveClass(/swiper-slide-active/)
    await expect(slides.nth(1)).toBeInViewport()
    await expect(dots.nth(1)).toHaveClass(/swiper-pagination-bullet-active/)
  })

  test('a chapter without a video link shows none: the about text stands alone', async ({ page }) => {
    await page.goto(MEGHNA)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await expect(page.getByRole('link', { name: /Play video/ })).toHaveCount(0)
    await expect(page.locator('#chapter-about ~ div')).toContainText('embedded systems club')
  })
})
