import type { Page } from '@playwright/test'
import { site } from '#content/site'
import { unique } from '../support/api'
import { type ServerProcess, startServer } from '../support/server-process'
import { recipientOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

/**
 * The inbox closes the loop, in a browser against a server of its own that sends mail to a loopback SMTP
 * server: a reply written in the message dialog reaches the sender (quoted, Reply-To the chapter) and shows
 * in the thread; a message is assigned and the list filtered by assignee; a bot's message waits under Spam
 * and 'Not spam' brings it to the inbox, notifying the administrators. At 1280 and 390 px; axe with the
 * experimental rules on the inbox and its dialog.
 */

const ADMIN = { email: 'inbox-admin@example.org', password: 'inbox admin password 1' }
const OTHER = { name: 'Rumana Haque', email: 'rumana@example.org', password: 'rumana admin password 1' }
const SCREENSHOTS = 'test-results/inbox-reply'

let smtp: TestSmtpServer
let server: ServerProcess

// One server and one mail server for the file, its tests one after the other.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async ({ playwright }) => {
  smtp = await startSmtpServer()
  server = await startServer({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Chapter website <site@example.org>',
    },
  })
  // A second administrator, to assign messages to: invited, and the invitation accepted.
  const api = await playwright.request.newContext({ baseURL: server.url })
  const login = await api.post('/api/auth/login', { data: ADMIN })
  const { token } = await login.json()
  const invited = await api.post('/api/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: OTHER.email },
  })
  expect(invited.status()).toBe(201)
  const link = new URL((await invited.json()).invitation.url).pathname.split('/').pop()
  const accepted = await api.post(`/api/invitations/${link}/accept`, {
    data: { name: OTHER.name, password: OTHER.password },
  })
  expect(accepted.status()).toBe(201)
  await api.dispose()
})

test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

/** axe once the toasts have gone (they fade in and out, and are checked on their own elsewhere). */
async function expectAccessible(page: Page, what: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
  await expectNoAxeViolations(page, what)
}

/** A visitor's message through the API; `website` fills the honeypot (a bot). */
async function send(page: Page, fields: { name: string; email: string; message: string; website?: string }) {
  const sent = await page.request.post(`${server.url}/api/contact`, { data: fields })
  expect(sent.status()).toBe(201)
}

async function openInbox(page: Page, query: string, account: { email: string; password: string } = ADMIN) {
  const { email, password } = account
  const login = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } })
  expect(login.status()).toBe(200)
  await page.goto(`${server.url}/dashboard/contact-list?${query}`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(page.getByText('Loading...')).toHaveCount(0)
}

/** The dialog of the message from `name`, opened from its row (or card) by its name. */
async function openMessage(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click()
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` })
  await expect(dialog).toBeVisible()
  return dialog
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a reply from the message dialog reaches the sender and joins the thread (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const name = unique('Tahmina Visitor')
    const email = `${unique('tahmina')}@example.net`
    await send(page, { name, email, message: 'Can our club join the chapter?\nWe are twelve students.' })
    await openInbox(page, `q=${encodeURIComponent(name)}`)
    const dialog = await openMessage(page, name)
    // Opening it marks it read.
    await expect(dialog).toContainText('Read')

    // The form refuses an empty reply under its field, before sending anything.
    const reply = dialog.getByRole('textbox', { name: 'Your reply' })
    await expect(dialog.getByText(`Mailed to ${email} with their message quoted`)).toBeVisible()
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Reply is required')
    await expect(reply).toHaveAttribute('aria-invalid', 'true')

    await reply.fill('Welcome! Come to our meeting on Friday at 4 pm.\nBring your student IDs.')
    await dialog.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Reply on its way' })).toBeVisible()
    const thread = dialog.getByRole('region', { name: 'Replies' })
    await expect(thread).toContainText('Welcome! Come to our meeting on Friday at 4 pm.')
    await expect(thread).toContainText('Administrator')
    await expect(dialog).toContainText(/Replied by Administrator, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)
    await expect(reply).toHaveValue('')

    const mail = await smtp.waitFor((received) => recipientOf(received) === email)
    expect(mail.subject).toBe(`Re: your message to ${site.chapterName}`)
    expect(mail.replyTo?.value[0]?.address).toBe(site.contact.email)
    expect(mail.text).toContain('Bring your student IDs.')
    expect(mail.text).toContain('> Can our club join the chapter?\n> We are twelve students.')
    // The thread follows the outbox: the mail went.
    await expect(thread.getByText('Sent', { exact: true })).toBeVisible({ timeout: 10_000 })
    await page.screenshot({ path: `${SCREENSHOTS}/reply-${viewport.width}.png` })
    await expectAccessible(page, `message dialog with a reply, ${viewport.width} px`)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('Replied')
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-${viewport.width}.png`, fullPage: true })
    await expectAccessible(page, `inbox, ${viewport.width} px`)
  })
}

test('a message assigned to another administrator; the list filtered by assignee', async ({ page }) => {
  const name = unique('Assigned Visitor')
  await send(page, { name, email: 'assigned@example.net', message: 'Who looks after sponsorship?' })
  await openInbox(page, `q=${encodeURIComponent(name)}`)
  const dialog = await openMessage(page, name)
  await dialog.getByLabel('Assigned to').selectOption({ label: OTHER.name })
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Assigned to ${OTHER.name}` }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  const row = page.locator('tbody tr').filter({ hasText: name })
  await expect(row).toContainText(OTHER.name)

  const filter = page.getByRole('combobox', { name: 'Assigned to' })
  await filter.selectOption({ label: 'Me' })
  await expect(page).toHaveURL(/[?&]assignee=me/)
  await expect(page.getByText('No Messages Found')).toBeVisible()
  await filter.selectOption({ label: OTHER.name })
  await expect(page).toHaveURL(/[?&]assignee=[0-9a-f]{24}/)
  await expect(row).toBeVisible()
  await filter.selectOption({ label: 'Nobody' })
  await expect(page.getByText('No Messages Found')).toBeVisible()

  // Signed in as the other administrator, "Me" finds it.
  await page.context().clearCookies()
  await openInbox(page, `q=${encodeURIComponent(name)}&assignee=me`, OTHER)
  await expect(page.locator('tbody tr').filter({ hasText: name })).toBeVisible()
})

test("a bot's message waits under Spam; 'Not spam' brings it to the inbox and notifies", async ({ page }) => {
  const name = unique('Hasty Visitor')
  await send(page, { name, email: 'hasty@example.net', message: 'A real question.', website: 'autofilled' })
  await openInbox(page, `q=${encodeURIComponent(name)}`)
  await expect(page.getByText('No Messages Found')).toBeVisible()

  await page.getByRole('button', { name: 'Spam', exact: true }).click()
  await expect(page).toHaveURL(/[?&]status=spam/)
  const row = page.locator('tbody tr').filter({ hasText: name })
  await expect(row).toContainText('Spam')
  const dialog = await openMessage(page, name)
  await expect(dialog).toContainText('In the spam: nobody was notified.')
  await expect(dialog).toContainText("The form's hidden field was filled in")
  await expect(dialog.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0)
  await expectAccessible(page, 'a message in the spam')
  await page.keyboard.press('Escape')
  await page.screenshot({ path: `${SCREENSHOTS}/spam-1280.png` })
  await expectAccessible(page, 'the spam view')

  await row.getByRole('button', { name: `Not spam: message from ${name}` }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Marked as not spam' })).toBeVisible()
  await expect(page.getByText('No Messages Found')).toBeVisible()
  await page.getByRole('button', { name: 'New', exact: true }).click()
  await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('New')
  // Now the administrators hear of it.
  const notice = await smtp.waitFor((mail) => mail.subject === `New message from ${name}`)
  expect([ADMIN.email, OTHER.email]).toContain(recipientOf(notice))
})
