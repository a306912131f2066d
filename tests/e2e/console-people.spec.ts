import { request } from '@playwright/test'
import {
  type ChapterAccount,
  eventFields,
  expect,
  expectToast,
  forgiveFailedRequests,
  openConsole,
  recordToastsOf,
  signIn,
  test,
  unique,
} from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/** One account per person, in the browser: no SMTP in the e2e server, so the console shows the link. */

const SECOND_PASSWORD = 'second officer passphrase 8'

/** An officer of the chapter, invited and accepted through the API; `me()` is their next request. */
async function officerJoins(chapter: ChapterAccount, baseURL: string, name: string) {
  const email = `${unique('bulk').toLowerCase().replace(/\W+/g, '-')}@example.org`
  const invited = await chapter.api.call('POST', '/api/invitations', { email })
  expect(invited.status).toBe(201)
  const token = new URL(invited.body.invitation.url).pathname.split('/').pop()
  const context = await request.newContext({ baseURL })
  const accepted = await context.post(`/api/invitations/${token}/accept`, {
    data: { name, password: SECOND_PASSWORD },
  })
  expect(accepted.status()).toBe(201)
  const bearer = (await accepted.json()).token
  const me = async () => {
    const answer = await context.get('/api/auth/me', { headers: { authorization: `Bearer ${bearer}` } })
    return answer.status()
  }
  return { name, email, me, dispose: () => context.dispose() }
}

test.describe('officers of a chapter', () => {
  test('the first officer invites a second, who joins, edits the chapter’s events and is removed', async ({
    page,
    browser,
    chapter,
  }) => {
    test.slow()
    const banner = await chapter.api.upload()
    const event = await chapter.api.call(
      'POST',
      '/api/events',
      eventFields(banner, { title: 'Shared event' }),
    )
    expect(event.status).toBe(201)

    // The first officer invites from the console; without a mail server the dialog shows the link to copy.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/officers')
    await expect(page.getByRole('heading', { name: 'Officers' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: chapter.email })).toContainText('You')
    await page.getByRole('button', { name: 'Invite officer' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog.getByText('Email address is required')).toBeVisible()
    const secondEmail = `${unique('second').toLowerCase().replace(/\W+/g, '-')}@example.org`
    await dialog.getByLabel('Email address').fill(secondEmail)
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog.getByText('No mail server is set up')).toBeVisible()
    const link = await dialog.getByLabel('Invitation link').inputValue()
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/)
    await dialog.getByRole('button', { name: 'Copy link' }).click()
    await expectToast(page, 'Link copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await page.screenshot({ path: 'test-results/people-invite-dialog.png' })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listitem').filter({ hasText: secondEmail })).toContainText('invited by')

    // The second officer, in a browser of their own, accepts and signs in with their own password.
    const secondContext = await browser.newContext()
    const second = await secondContext.newPage()
    await recordToastsOf(second)
    await second.goto(new URL(link).pathname)
    await expect(second.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(second.getByRole('heading', { name: 'Accept the invitation' })).toBeVisible()
    await expect(second.getByText(`the officers of ${chapter.name}`)).toBeVisible()
    await second.getByLabel('Your name').fill('Second Officer')
    await second.getByLabel('Choose a password').fill(SECOND_PASSWORD)
    await second.getByRole('button', { name: 'Join' }).click()
    await expect(second).toHaveURL(/\/dashboard$/)
    await second.getByRole('button', { name: 'Logout' }).click()
    await expect(second).toHaveURL(/\/login$/)
    await expect(second.locator('html[data-hydrated]')).toHaveCount(1)
    await second.getByLabel('Email address').fill(secondEmail)
    await second.getByLabel('Password').fill(SECOND_PASSWORD)
    await second.getByRole('button', { name: 'Sign in' }).click()
    await expect(second).toHaveURL(/\/dashboard$/)

    // They edit the chapter's event, made by the first officer.
    await openConsole(second, '/dashboard/events')
    await second.getByRole('link', { name: 'Edit Shared event' }).click()
    await second.getByLabel('Event Title').fill('Shared event, edited by the second officer')
    await second.getByRole('button', { name: 'Update Event' }).click()
    await expectToast(second, 'Event updated successfully')
    const edited = await chapter.api.call('GET', `/api/events/${event.body.event._id}`)
    expect(edited.body.event.title).toBe('Shared event, edited by the second officer')

    // The first officer removes them; their next request is a 401.
    await page.reload()
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const row = page.getByRole('row').filter({ hasText: secondEmail })
    await expect(row).toContainText('Second Officer')
    await page.screenshot({ path: 'test-results/people-officers.png', fullPage: true })
    await row.getByRole('button', { name: 'Remove Second Officer' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await expectToast(page, 'Second Officer removed')
    await expect(page.getByRole('row').filter({ hasText: secondEmail })).toHaveCount(0)
    expect((await second.request.get('/api/auth/me')).status()).toBe(401)
    await second.goto('/dashboard/events')
    await expect(second).toHaveURL(/\/login$/)
    // The used link now says so.
    await second.goto(new URL(link).pathname)
    await expect(second.getByRole('heading', { name: 'This invitation no longer works' })).toBeVisible()
    await secondContext.close()
  })

  test('the account page changes the password and lists sessions; forgot password says to ask an administrator', async ({
    page,
    chapter,
    consoleErrors,
  }) => {
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/account')
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('This device')
    await page.getByLabel('Current password').fill('not the password')
    await page.getByLabel('New password').fill('a brand new passphrase 3')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('This is not your current password')).toBeVisible()
    await forgiveFailedRequests(consoleErrors, '/api/auth/password', 400)
    await page.getByLabel('Current password').fill(chapter.password)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expectToast(page, 'Password changed')
    await page.screenshot({ path: 'test-results/people-account.png', fullPage: true })
    // The fixture's API client was another session: it ended.
    expect((await chapter.api.call('GET', '/api/auth/me')).status).toBe(401)

    await page.context().clearCookies()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page.getByText('Ask an administrator')).toBeVisible()
  })

  test('an administrator sees a chapter’s officers and makes a reset link, which works once', async ({
    page,
    browser,
    chapter,
  }) => {
    test.slow()
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await openConsole(page, '/dashboard/administrators')
    await expect(page.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toContainText('You')
    await openConsole(page, `/dashboard/chapter/${chapter.slug}`)
    const row = page.getByRole('row').filter({ hasText: chapter.email })
    await row.getByRole('button', { name: `Make a password reset link for ${chapter.name}` }).click()
    const link = await page.getByRole('dialog').getByLabel('Password reset link').inputValue()
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/)
    await page.screenshot({ path: 'test-results/people-chapter-page.png', fullPage: true })

    const context = await browser.newContext()
    const other = await context.newPage()
    await other.goto(new URL(link).pathname)
    await expect(other.locator('html[data-hydrated]')).toHaveCount(1)
    await other.getByLabel('New password').fill('reset by the admin 77')
    await other.getByRole('button', { name: 'Save new password' }).click()
    await expect(other.getByText('Your password is changed')).toBeVisible()
    await other.goto(new URL(link).pathname)
    await expect(other.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
    await context.close()
    const login = await page.request.post('/api/auth/login', {
      data: { email: chapter.email, password: 'reset by the admin 77' },
    })
    expect(login.status()).toBe(200)
  })

  test('officers are selected and disabled, then removed, in bulk; removing yourself is refused', async ({
    page,
    chapter,
    baseURL,
    consoleErrors,
  }) => {
    test.slow()
    const [one, two, three] = [
      await officerJoins(chapter, baseURL ?? '', 'Bulk Officer One'),
      await officerJoins(chapter, baseURL ?? '', 'Bulk Officer Two'),
      await officerJoins(chapter, baseURL ?? '', 'Bulk Officer Three'),
    ]
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard/officers')
    const row = (email: string) => page.getByRole('row').filter({ hasText: email })
    await expect(page.locator('tbody tr')).toHaveCount(4)
    const bar = page.getByRole('region', { name: 'Selected rows' })

    // Two by their checkboxes: disabled together, and signed out.
    await row(one.email).getByRole('checkbox').check()
    await row(two.email).getByRole('checkbox').check()
    await expect(bar.getByRole('status')).toHaveText('2 selected')
    await page.screenshot({ path: 'test-results/people-bulk-selected.png', fullPage: true })
    await bar.getByRole('button', { name: 'Disable selected' }).click()
    await expectToast(page, '2 officers disabled and signed out')
    await expect(row(one.email)).toContainText('Disabled')
    await expect(row(two.email)).toContainText('Disabled')
    await expect(row(three.email)).toContainText('Active')
    await expect(bar).toHaveCount(0)
    expect(await one.me()).toBe(401)

    // The same two, removed after the question.
    await row(one.email).getByRole('checkbox').check()
    await row(two.email).getByRole('checkbox').check()
    await bar.getByRole('button', { name: 'Remove selected' }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Remove 2 officers?')
    await expect(confirm).toContainText('Bulk Officer One, Bulk Officer Two')
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await expectToast(page, '2 officers removed')
    await expect(row(one.email)).toHaveCount(0)
    await expect(row(two.email)).toHaveCount(0)

    // Everyone, yourself included, at the keyboard: the others go, you are told why you stay.
    expect(await three.me()).toBe(200)
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    await expect(page.locator('tbody tr[data-selected]')).toHaveCount(2)
    await expect(page.locator('tbody tr[data-focused]')).toContainText(three.email)
    await page.keyboard.press('Delete')
    await expect(page.getByRole('alertdialog')).toContainText('Remove this officer?')
    await page.keyboard.press('Escape')
    await bar.getByRole('button', { name: 'Remove selected' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await expectToast(page, '1 officer removed')
    await expectToast(page, `${chapter.name}: You cannot disable or remove yourself`)
    await forgiveFailedRequests(consoleErrors, '/api/people/', 409)
    await expect(row(three.email)).toHaveCount(0)
    await expect(row(chapter.email)).toContainText('You')
    expect(await three.me()).toBe(401)
    await Promise.all([one, two, three].map((officer) => officer.dispose()))
  })
})
