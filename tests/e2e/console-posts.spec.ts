import type { Browser, Page } from '@playwright/test'
import { siteClock } from '../support/site-clock'
import { expectNoAxeViolations } from './axe'
import {
  confirmRestore,
  test as consoleTest,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  pngFile,
  recordToastsOf,
  signIn,
  toast,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * The console's Posts page and editor (docs/decisions/100-posts.md): an administrator schedules a post that
 * goes out by itself at its time; an officer's draft reaches the site only when an administrator publishes
 * it; the list and the editor on a phone. Each test deletes the posts it made (to the trash).
 */

const test = consoleTest.extend<{ madePosts: string[] }>({
  madePosts: async ({ adminApi }, use) => {
    const slugs: string[] = []
    await use(slugs)
    for (const slug of slugs) {
      const found = await adminApi.call('GET', `/api/posts?q=${slug}`)
      for (const post of found.body?.posts ?? [])
        if (post.slug === slug) await adminApi.call('DELETE', `/api/posts/${post._id}`)
    }
  },
})

/** A post's address as the test chooses it: its title in lower case, hyphens between the words. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** A browser of somebody who is not signed in. */
async function visitorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

async function writePost(page: Page, post: { title: string; summary: string; body: string }) {
  await page.getByLabel('Title', { exact: true }).fill(post.title)
  await page.getByLabel('Web address').fill(slugOf(post.title))
  await page.getByLabel('Summary').fill(post.summary)
  await page.getByLabel('Body').fill(post.body)
}

test('an administrator writes a post and schedules it: it goes out at its time without the console', async ({
  page,
  browser,
  baseURL,
  madePosts,
}) => {
  // The form's time is to the minute, so the post goes out 30 to 90 seconds after the save (on the server's
  // timer for the next scheduled post, docs/decisions/100-posts.md); a loaded machine takes longer to type.
  test.setTimeout(240_000)
  const title = unique('Scheduled post')
  const slug = slugOf(title)
  madePosts.push(slug)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await openConsole(page, '/dashboard/posts')
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Posts' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expectNoAxeViolations(page, 'posts list (desktop)')

  await page.getByRole('link', { name: 'New post' }).first().click()
  await expect(page.getByRole('heading', { name: 'New post', level: 1 })).toBeVisible()
  await writePost(page, {
    title,
    summary: 'A post the browser test schedules.',
    body: 'The **scheduled** body, with [a link](https://example.org).',
  })
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview of the body' })
  await expect(preview.locator('strong')).toHaveText('scheduled')
  await expect(preview.getByRole('link', { name: 'a link' })).toHaveAttribute('rel', /nofollow/)
  await page.getByRole('button', { name: 'Write' }).click()
  await page.getByLabel('Banner').setInputFiles(await pngFile('banner.png', '#b8731b'))
  await expectToast(page, 'Image uploaded')

  // Schedule without a time: the error is on the time.
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expect(page.getByLabel('Publish at')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'post editor with a field error (desktop)')

  // The site's minute 30 to 90 seconds ahead, in its zone (the browser runs in its own).
  const publishAt = siteClock.dateTimeOf(siteClock.now() + 90_000)
  await page.getByLabel('Publish at').fill(publishAt)
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expectToast(page, 'Post scheduled for')
  await expect(page).toHaveURL(/\/dashboard\/posts\/edit\/[0-9a-f]{24}$/)
  await expect(page.getByRole('heading', { name: 'Edit post', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Publish at')).toHaveValue(publishAt)
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible()
  await expect(page.getByText('Revision 1')).toBeVisible()
  await expectNoAxeViolations(page, 'post editor (desktop)')
  await page.screenshot({ path: test.info().outputPath('post-editor-1280.png'), fullPage: true })

  // Before its time: a 404 for a visitor.
  const visitor = await visitorPage(browser, baseURL)
  expect((await visitor.goto(`/blogs/${slug}`))?.status()).toBe(404)
  // The list as the front cache keeps it for visitors: without the post yet.
  await visitor.goto('/blogs')
  await expect(visitor.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible()
  await expect(visitor.getByRole('link', { name: `Learn More: ${title}` })).toHaveCount(0)
  // Nobody touches the console from here.
  await page.goto('about:blank')
  await expect
    .poll(async () => (await visitor.request.get(`/blogs/${slug}`)).status(), {
      timeout: 200_000,
      intervals: [2_000],
    })
    .toBe(200)
  await visitor.goto(`/blogs/${slug}`)
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(visitor.locator('.prose-article strong')).toHaveText('scheduled')
  await expect(visitor.getByText('Draft:')).toHaveCount(0)
  await visitor.goto('/blogs')
  await expect(visitor.getByRole('link', { name: `Learn More: ${title}` })).toBeVisible()
  const rss = await visitor.request.get('/rss.xml')
  expect(await rss.text()).toContain(title)
  await visitor.context().close()
})

test("a chapter officer's draft reaches the site only when an administrator publishes it", async ({
  page,
  browser,
  baseURL,
  chapter,
  madePosts,
}) => {
  test.slow()
  const title = unique('Officer draft')
  const slug = slugOf(title)
  madePosts.push(slug)
  await signIn(page, chapter.email, chapter.password)
  await openConsole(page, '/dashboard/posts')
  await page.getByRole('link', { name: 'New post' }).first().click()
  await expect(page.getByRole('heading', { name: 'New post', level: 1 })).toBeVisible()
  // An officer saves drafts and submits them: no chapter, no time, no publishing.
  await expect(page.getByLabel('Chapter')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Schedule' })).toHaveCount(0)
  await writePost(page, {
    title,
    summary: 'What the chapter did this month.',
    body: 'A *draft* from the chapter.',
  })
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expectToast(page, 'Submitted for review')
  await expect(page).toHaveURL(/\/dashboard\/posts\/edit\/[0-9a-f]{24}$/)
  await expect(page.getByText(/^Submitted for review \d/)).toBeVisible()
  await expectNoAxeViolations(page, "officer's post editor")
  await page.screenshot({ path: test.info().outputPath('officer-post-editor.png'), fullPage: true })

  // A visitor: nothing there. The author, signed in: the draft with its banner.
  const visitor = await visitorPage(browser, baseURL)
  expect((await visitor.goto(`/blogs/${slug}`))?.status()).toBe(404)
  await page.getByRole('link', { name: 'Preview' }).click()
  await expect(page).toHaveURL(new RegExp(`/blogs/${slug}$`))
  await expect(page.getByRole('status').filter({ hasText: 'Draft' })).toBeVisible()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()

  // An administrator finds it among the drafts and publishes it.
  const admin = await (await browser.newContext({ baseURL })).newPage()
  await recordToastsOf(admin)
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password)
  await openConsole(admin, '/dashboard/posts?status=draft')
  await admin.getByRole('searchbox', { name: 'Search posts' }).fill(slug)
  const row = admin.getByRole('row').filter({ hasText: title })
  await expect(row.getByText(/^Submitted for review \d/)).toBeVisible()
  // The officer's chapter, as author and as the post's chapter.
  await expect(row.getByRole('cell', { name: chapter.name, exact: true })).toHaveCount(2)
  await row.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(admin.getByRole('heading', { name: 'Edit post', level: 1 })).toBeVisible()
  await admin.getByRole('button', { name: 'Publish now' }).click()
  await expectToast(admin, 'Post published')
  await expect(admin.getByRole('link', { name: 'View on site' })).toBeVisible()
  await admin.context().close()

  const published = await visitor.goto(`/blogs/${slug}`)
  expect(published?.status()).toBe(200)
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(visitor.getByText('Draft:')).toHaveCount(0)
  await visitor.context().close()

  // The officer's list shows it published, without Edit (an administrator's now).
  await openConsole(page, '/dashboard/posts')
  const own = page.getByRole('row').filter({ hasText: title })
  await expect(own.getByText('Published', { exact: true })).toBeVisible()
  await expect(own.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0)
})

test('the posts list and the editor on a phone: search, filter, a field error, delete with undo', async ({
  page,
  adminApi,
  consoleErrors,
  madePosts,
}) => {
  test.slow()
  const title = unique('Phone post')
  const slug = slugOf(title)
  madePosts.push(slug)
  const created = await adminApi.call('POST', '/api/posts', {
    title,
    slug,
    summary: 'Made for the phone test.',
    body: 'Some *text*.',
    status: 'draft',
  })
  expect(created.status).toBe(201)
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await openConsole(page, `/dashboard/posts?status=draft&q=${slug}`)
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()
  await expect(page.getByLabel('Status')).toHaveValue('draft')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page, 'posts list (phone)')
  await page.screenshot({ path: test.info().outputPath('posts-list-390.png'), fullPage: true })

  // Published posts only: this draft is not among them.
  await page.getByLabel('Status').selectOption('published')
  await expect(page.getByText('No Posts Found')).toBeVisible()
  await page.getByLabel('Status').selectOption('')
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()

  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByRole('heading', { name: 'Edit post', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Web address')).toHaveValue(slug)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page, 'post editor (phone)')
  await page.screenshot({ path: test.info().outputPath('post-editor-390.png'), fullPage: true })

  // An address another post has: the API's error is on the field.
  await page.getByLabel('Web address').fill('evolution-of-quantum-computing')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Another post uses this web address')).toBeVisible()
  await expect(page.getByLabel('Web address')).toHaveAttribute('aria-invalid', 'true')
  await forgiveFailedRequests(consoleErrors, '/api/posts/', 409)
  await page.getByLabel('Web address').fill(slug)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expectToast(page, 'Draft saved')

  // Another summary saved, then revision 1 (as the API made the post) restored: the summary is back.
  const current = page.getByRole('listitem').filter({ hasText: 'current' })
  const before = Number(/Revision (\d+)/.exec((await current.textContent()) ?? '')?.[1])
  await page.getByLabel('Summary').fill('Changed on the phone.')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(current).toContainText(`Revision ${before + 1}`)
  await page.getByRole('button', { name: 'Restore revision 1' }).click()
  await confirmRestore(page, 1)
  await expect(page.getByLabel('Summary')).toHaveValue('Made for the phone test.')
  await expect(current).toContainText(`Revision ${before + 2}`)

  // Delete from the list, then Undo: the post is back.
  await openConsole(page, `/dashboard/posts?q=${slug}`)
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await expectNoAxeViolations(page, 'delete confirm (phone)')
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expectToast(page, 'Post deleted')
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0)
  await toast(page, 'Post deleted').getByRole('button', { name: 'Undo' }).click()
  await expectToast(page, `Restored "${title}"`)
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible()
})
