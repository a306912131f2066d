import type { APIRequestContext, Page } from '@playwright/test'
import { site } from '#content/site'
import { daysFromToday } from '../support/site-clock'
import { expect, expectToast, openConsole, signIn, test, unique } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * The contact inbox: filters in the URL, the unread count in the sidebar and the tab title, a message in
 * a dialog with next/previous and Reply, bulk mark read/unread and delete. Uses the inbox API
 * (status/from/to filters, the unread count, POST /api/contact/bulk, DELETE /api/contact/:id).
 */

async function send(request: APIRequestContext, name: string, email: string, message: string) {
  const sent = await request.post('/api/contact', { data: { name, email, message } })
  expect(sent.status()).toBe(201)
  return sent.json()
}

const unreadBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /Contact List/ })

test.describe('the contact inbox', () => {
  // One after another: the first test compares the page's unread count with the server's, and the other
  // two mark messages read and unread; run beside it, they change the count between its two reads.
  test.describe.configure({ mode: 'default' })
  test('filters live in the URL; the sidebar and the tab title count unread messages', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = unique('inboxfilter')
    const visitor = await playwright.request.newContext({ baseURL })
    for (const name of ['First', 'Second', 'Third'])
      await send(visitor, `${name} ${tag}`, 'f@example.org', tag)
    await visitor.dispose()

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, `/dashboard/contact-list?q=${tag}`)
    await expect(page.locator('tbody tr')).toHaveCount(3)
    // Other tests send messages meanwhile: the title and the badge must agree with the server's count.
    const serverUnread = async () =>
      (await (await page.request.get('/api/contact/unread-count')).json()).unread
    const titleCount = async () => Number(/^\((\d+)\) Contact List \| /.exec(await page.title())?.[1])
    const badgeCount = async () => Number((await unreadBadge(page).innerText()).match(/\d+/)?.[0])
    expect(await serverUnread()).toBeGreaterThanOrEqual(3)
    await expect.poll(async () => (await titleCount()) === (await serverUnread())).toBe(true)
    await expect.poll(async () => (await badgeCount()) === (await serverUnread())).toBe(true)

    // Open one: it is read now, and the counts follow.
    const before = await titleCount()
    await page
      .locator('tbody tr')
      .filter({ hasText: `First ${tag}` })
      .getByRole('button')
      .first()
      .click()
    await expect(page.getByRole('dialog', { name: `Message from First ${tag}` })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('tbody tr').filter({ hasText: `First ${tag}` })).toContainText('Mark unread')
    await expect.poll(async () => (await titleCount()) === (await serverUnread())).toBe(true)
    await expect.poll(async () => (await badgeCount()) === (await serverUnread())).toBe(true)
    expect(await serverUnread()).toBeLessThanOrEqual(before + 3)

    await page.getByRole('button', { name: 'New', exact: true }).click()
    await expect(page).toHaveURL(/[?&]status=new/)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
    await expect(page.locator('tbody tr')).toHaveCount(2)
    await page.getByRole('button', { name: 'Read', exact: true }).click()
    await expect(page).toHaveURL(/[?&]status=read/)
    await expect(page.locator('tbody tr')).toHaveCount(1)

    // The server reads these days in the site's time zone, not the test machine's: near midnight in Dhaka
    // the two name different days.
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await page.getByLabel('Received from').fill(daysFromToday(1))
    await expect(page).toHaveURL(new RegExp(`[?&]from=${daysFromToday(1)}`))
    await expect(page.getByText('No Messages Found')).toBeVisible()
    await page.getByLabel('Received from').fill(daysFromToday(-1))
    await page.getByLabel('Received to').fill(daysFromToday(1))
    await expect(page.locator('tbody tr')).toHaveCount(3)

    // The URL alone restores the view; back undoes a filter.
    await page.reload()
    await expect(page.getByLabel('Received from')).toHaveValue(daysFromToday(-1))
    await expect(page.locator('tbody tr')).toHaveCount(3)
    await openConsole(page, `/dashboard/contact-list?q=${tag}&status=new`)
    await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.locator('tbody tr')).toHaveCount(2)
  })

  test('a message in a dialog: next and previous, Reply quotes it to the sender', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = unique('inboxreply')
    const visitor = await playwright.request.newContext({ baseURL })
    await send(visitor, `Older ${tag}`, 'older@example.org', `First line ${tag}\nSecond line`)
    await send(visitor, `Newer ${tag}`, 'newer@example.org', `Hello ${tag}`)
    await visitor.dispose()

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, `/dashboard/contact-list?q=${tag}&sort=receivedAt`)
    await expect(page.locator('tbody tr')).toHaveCount(2)
    // Keyboard only: focus the first row and open it.
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    const older = page.getByRole('dialog', { name: `Message from Older ${tag}` })
    await expect(older).toBeVisible()
    await expect(older.getByRole('button', { name: 'Previous' })).toBeDisabled()

    const reply = older.getByRole('link', { name: 'Reply' })
    const href = (await reply.getAttribute('href')) ?? ''
    const mailto = new URL(href)
    expect(mailto.protocol).toBe('mailto:')
    expect(mailto.pathname).toBe('older@example.org')
    expect(mailto.searchParams.get('subject')).toBe(`Re: your message to ${site.chapterName}`)
    const body = mailto.searchParams.get('body') ?? ''
    expect(body).toContain(`Older ${tag} wrote:`)
    expect(body).toContain(`> First line ${tag}\n> Second line`)

    await older.getByRole('button', { name: 'Next' }).click()
    const newer = page.getByRole('dialog', { name: `Message from Newer ${tag}` })
    await expect(newer).toBeVisible()
    await expect(newer.getByRole('button', { name: 'Next' })).toBeDisabled()
    await newer.getByRole('button', { name: 'Previous' }).click()
    await expect(older).toBeVisible()
    await page.keyboard.press('Escape')
    // Both were marked read when they were shown.
    await expect(page.locator('tbody tr').getByText('New', { exact: true })).toHaveCount(0)
  })

  test('bulk mark read and unread, and bulk delete with the confirm dialog', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const tag = unique('inboxbulk')
    const visitor = await playwright.request.newContext({ baseURL })
    for (const name of ['One', 'Two', 'Three']) await send(visitor, `${name} ${tag}`, 'b@example.org', tag)
    await visitor.dispose()

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, `/dashboard/contact-list?q=${tag}`)
    await expect(page.locator('tbody tr')).toHaveCount(3)
    await page.getByRole('checkbox', { name: 'Select all contact messages on this page' }).check()
    await expect(page.getByText('3 selected')).toBeVisible()
    await page.getByRole('button', { name: 'Mark read', exact: true }).click()
    await expectToast(page, 'Marked 3 messages as read')
    await expect(page.locator('tbody tr').getByText('New', { exact: true })).toHaveCount(0)
    await expect(page.getByText('3 selected')).toHaveCount(0)

    await page.getByRole('checkbox', { name: 'Select row 1' }).check()
    await page.getByRole('button', { name: 'Mark unread', exact: true }).click()
    await expect(page.locator('tbody tr').getByText('New', { exact: true })).toHaveCount(1)

    // One row by keyboard: focus it and press Delete; Cancel keeps it.
    await page.locator('h1').click()
    await page.keyboard.press('j')
    await page.keyboard.press('Delete')
    const one = page.getByRole('alertdialog', { name: 'Delete this message?' })
    await expect(one).toBeVisible()
    await one.getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('checkbox', { name: 'Select all contact messages on this page' }).check()
    await page.getByRole('button', { name: 'Delete selected' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete 3 messages?' })
    await expect(confirm).toContainText('will be moved to the Trash for 30 days')
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expectToast(page, 'Deleted 3 messages')
    await expect(page.getByText('No Messages Found')).toBeVisible()
  })
})
