import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { type ConsoleLink, consoleLinksFor } from '#components/layout/consoleNavigation'
import { DEFAULT_CERTIFICATE_DESIGN } from '#db/validation'
import { eventFields, expect, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** The console at 1280 × 900 and on a phone (390 × 844): the same pages, nothing scrolls sideways. */

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** Items the pages without a sidebar entry of their own show (an event to edit, a chapter, a member). */
type Items = {
  event: string
  chapter?: string
  member?: string
  template?: string
  post?: string
  committee?: string
}

/** The pages under each `covers` prefix of the sidebar (docs/product.md#console-layout), for the items given. */
const COVERED_PAGES: Record<string, (items: Items) => (string | undefined)[]> = {
  '/dashboard/events/': (items) => [
    `/dashboard/events/edit-event/${items.event}`,
    `/dashboard/events/${items.event}/attendees`,
    `/dashboard/events/${items.event}/check-in`,
    `/dashboard/events/${items.event}/report`,
    `/dashboard/events/${items.event}/certificates`,
  ],
  '/dashboard/chapter/': (items) => [items.chapter && `/dashboard/chapter/${items.chapter}`],
  '/dashboard/excom/edit-excom/': (items) => [items.member && `/dashboard/excom/edit-excom/${items.member}`],
  '/dashboard/posts/': (items) => [
    '/dashboard/posts/new',
    items.post && `/dashboard/posts/edit/${items.post}`,
  ],
  '/dashboard/certificates/': (items) => [
    '/dashboard/certificates/new',
    items.template && `/dashboard/certificates/edit/${items.template}`,
  ],
  '/dashboard/committees/': (items) => [items.committee && `/dashboard/committees/${items.committee}`],
}

/**
 * Every page a role reaches from the console's sidebar (components/layout/consoleNavigation.ts), and the
 * pages under each entry's `covers`: a page added to the sidebar is swept without a change here.
 */
function consolePages(links: ConsoleLink[], items: Items): string[] {
  const covered = links.flatMap((link) =>
    (link.covers ?? []).flatMap((prefix) => {
      const paths = COVERED_PAGES[prefix]?.(items) ?? []
      if (paths.length === 0 || paths.some((path) => !path))
        throw new Error(`No page to sweep under ${prefix}: add one to COVERED_PAGES`)
      return paths as string[]
    }),
  )
  return [...links.map((link) => link.href), ...covered]
}

/** Every console page there is, as its route (`:id` for a parameter), from its folder under pages/dashboard. */
function consoleRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, '..', '..', 'pages', 'dashboard')
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === '+Page.tsx')
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== '.' && segment !== 'index' && !/^\(.*\)$/.test(segment))
        .map((segment) => (segment.startsWith('@') ? ':id' : segment))
      return ['/dashboard', ...segments].join('/')
    })
    .sort()
}

test('the sweeps below visit every console page there is', () => {
  const placeholders = {
    event: ':id',
    chapter: ':id',
    member: ':id',
    template: ':id',
    post: ':id',
    committee: ':id',
  }
  const swept = new Set([
    ...consolePages(consoleLinksFor(true), placeholders),
    ...consolePages(consoleLinksFor(false), placeholders),
  ])
  const routes = consoleRoutes()
  expect(routes.length).toBeGreaterThan(10)
  expect(routes.filter((route) => !swept.has(route))).toEqual([])
})

/** A draft for the post editor's page: a long title and a long word, to see them wrap. */
const POST = {
  title: 'A post with a rather long title to see how it wraps in the list and the editor on a phone',
  summary: 'Summary.',
  body: 'A body with a long word: https://example.org/a/very/long/address/without/any/breaks/at/all',
  status: 'draft',
}

/** A page's budget: a full load of a console page on a busy two-core machine, with room to spare. */
const PER_PAGE_MS = 10_000

async function expectNoSidewaysScroll(page: Page, path: string) {
  await expect(page.getByText('Loading...')).toHaveCount(0)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect.soft(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
}

async function sweep(page: Page, paths: string[]) {
  test.setTimeout(30_000 + PER_PAGE_MS * paths.length)
  for (const path of paths) {
    const response = await openConsole(page, path)
    // The page itself, not the sign-in page a lost session redirects to nor the 403 page.
    expect(new URL(page.url()).pathname, `${path} opened`).toBe(path)
    expect(response?.status(), `${path} answered`).toBe(200)
    await expectNoSidewaysScroll(page, path)
  }
}

for (const size of SIZES) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test("no administrator's page scrolls sideways", async ({ page, adminApi, chapter }) => {
      // This test's own chapter and event: another test's may be deleted while the sweep visits them.
      const event = (await chapter.api.call('POST', '/api/events', eventFields(await chapter.api.upload())))
        .body.event
      // The built-in site-wide template, which administrators edit (and no test deletes).
      const template = (await adminApi.call('GET', '/api/certificate-templates')).body.templates.find(
        (candidate: { name: string }) => candidate.name === 'Classic (built in)',
      )
      // A post of the test's own, in the trash afterwards.
      const post = (await adminApi.call('POST', '/api/posts', POST)).body.post
      // A seeded committee with its whole list of members (no test deletes the seeded ones).
      const committee = (await adminApi.call('GET', '/api/committees')).body.committees[0]
      const paths = consolePages(consoleLinksFor(true), {
        event: event._id,
        chapter: chapter.slug,
        template: template._id,
        post: post._id,
        committee: committee._id,
      })
      expect(paths).toEqual(
        expect.arrayContaining([
          '/dashboard/notifications',
          '/dashboard/trash',
          '/dashboard/activity',
          '/dashboard/account',
        ]),
      )
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      try {
        await sweep(page, paths)
      } finally {
        await adminApi.call('DELETE', `/api/posts/${post._id}`)
      }
    })

    test("no chapter's page scrolls sideways", async ({ page, chapter }) => {
      const banner = await chapter.api.upload()
      const event = (
        await chapter.api.call(
          'POST',
          '/api/events',
          eventFields(banner, { location: 'A very long location name without many breaks, Dhaka-1000' }),
        )
      ).body.event
      const member = (
        await chapter.api.call('POST', '/api/excom', {
          name: 'Rakib Chowdhury',
          designation: 'Secretary',
          affiliation: 'Padma University',
          email: 'a.rather.long.address.for.a.phone@example.org',
          image: banner,
        })
      ).body.member
      const template = (
        await chapter.api.call('POST', '/api/certificate-templates', {
          name: 'A chapter template with a rather long name to see it wrap on a phone',
          design: DEFAULT_CERTIFICATE_DESIGN,
        })
      ).body.template
      const post = (await chapter.api.call('POST', '/api/posts', POST)).body.post
      const paths = consolePages(consoleLinksFor(false), {
        event: event._id,
        member: member._id,
        template: template._id,
        post: post._id,
      })
      expect(paths).toEqual(
        expect.arrayContaining(['/dashboard/trash', '/dashboard/activity', '/dashboard/account']),
      )
      await signIn(page, chapter.email, chapter.password)
      try {
        await sweep(page, paths)
      } finally {
        await chapter.api.call('DELETE', `/api/posts/${post._id}`)
      }
    })
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a list shows cards with their actions in view, the sidebar is a menu, dialogs fill the screen', async ({
    page,
    chapter,
  }) => {
    // Four console pages and a dialog: a long flow on a busy machine.
    test.slow()
    const banner = await chapter.api.upload()
    await chapter.api.call('POST', '/api/events', eventFields(banner, { title: 'Phone card event' }))
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/events')

    // The table's header row is only for screen readers; the row is a card.
    const card = page.locator('tbody tr').first()
    await expect(card).toContainText('Phone card event')
    await expect(page.locator('thead')).toHaveCSS('position', 'absolute')
    const cardBox = await card.boundingBox()
    expect(cardBox?.width ?? 0).toBeLessThanOrEqual(390)

    for (const name of ['Edit Phone card event', 'Delete Phone card event']) {
      const action = card.getByRole(name.startsWith('Edit') ? 'link' : 'button', { name })
      await expect(action).toBeInViewport({ ratio: 1 })
      const box = await action.boundingBox()
      expect(box?.height ?? 0, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44)
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
    }
    const select = card.getByRole('checkbox', { name: 'Select row 1' })
    const selectBox = await select.locator('xpath=..').boundingBox()
    expect(selectBox?.height ?? 0).toBeGreaterThanOrEqual(44)

    // The people tables are cards too, with their selection and actions as large.
    await openConsole(page, '/dashboard/officers')
    const self = page.locator('tbody tr').first()
    await expect(self).toContainText(chapter.email)
    await expect(page.locator('thead')).toHaveCSS('position', 'absolute')
    const selfSelect = self.getByRole('checkbox', { name: 'Select row 1' })
    expect((await selfSelect.locator('xpath=..').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    await selfSelect.check()
    const bar = page.getByRole('region', { name: 'Selected rows' })
    for (const name of ['Disable selected', 'Enable selected', 'Remove selected']) {
      const box = await bar.getByRole('button', { name }).boundingBox()
      expect(box?.height ?? 0, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44)
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    }
    await page.screenshot({ path: 'test-results/phone-officers.png', fullPage: true })
    await openConsole(page, '/dashboard/events')

    // The sidebar is a menu behind a button.
    const nav = page.getByRole('navigation', { name: 'Console' })
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(nav).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()

    // A dialog fills the screen.
    await card.getByRole('button', { name: 'Delete Phone card event' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this event?' })
    await expect(dialog).toBeVisible()
    const dialogBox = await dialog.boundingBox()
    expect(dialogBox).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Forms are one column.
    await openConsole(page, '/dashboard/add-new-event')
    const title = await page.getByLabel('Event Title').boundingBox()
    const date = await page.getByLabel('Event Date').boundingBox()
    expect(date?.x).toBe(title?.x)
    expect(date?.width).toBe(title?.width)
  })
})
