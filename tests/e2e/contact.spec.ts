import type { Page } from '@playwright/test'
import { CONTACT_MIN_FILL_MS } from '#db/validation'
import { type ServerProcess, startServer } from '../support/server-process'
import { expect, forgiveFailedRequests, test, unique } from './console-fixtures'

/**
 * The contact form against the real API (docs/decisions/008-api-errors.md): POST /api/contact answers 201 and stores the
 * message, or refuses it (here: the per-address limit of docs/decisions/025-request-rate-limits.md, on a server of its own).
 */

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel('Full Name', { exact: true }).fill(values.name)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  await page.getByLabel('Message', { exact: true }).fill(values.message)
}

const sample = {
  name: 'Playwright Visitor',
  email: 'visitor@example.org',
  message: 'Hello from the browser tests.',
}

const LIMITED_SERVER = 'against a server that allows one message a minute'

async function openContactPage(page: Page, url = '/contact') {
  await page.goto(url)
  // The form works only once React has hydrated it.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

test.beforeEach(async ({ page }, testInfo) => {
  // The form notes when it appeared (docs/decisions/026-contact-form-bot-defences.md): on the browser's clock,
  // set a minute back, it appeared a minute ago, however fast the fields are filled here.
  await page.clock.setFixedTime(Date.now() - CONTACT_MIN_FILL_MS - 60_000)
  if (!testInfo.titlePath.includes('against a server that allows one message a minute'))
    await openContactPage(page)
})

test('a sent message shows the confirmation in place of the form and reaches the contact list', async ({
  page,
  adminApi,
}) => {
  const message = { ...sample, message: unique('Hello from the browser tests') }
  await fill(page, message)
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
  await page.getByRole('button', { name: 'Send Message' }).click()
  expect((await sent).status()).toBe(201)
  await expect(page.getByText('Message sent successfully')).toBeVisible()
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveCount(0)
  const stored = await adminApi.call('GET', `/api/contact?q=${encodeURIComponent(message.message)}`)
  expect(stored.body.contacts.map((contact: { message: string }) => contact.message)).toEqual([
    message.message,
  ])
})

test('a message sent too fast after the form appeared is answered alike and kept as spam', async ({
  page,
  adminApi,
}) => {
  const message = { ...sample, message: unique('Hurried browser test') }
  // The form sends the time it appeared; the test makes that the moment the request leaves, as if the
  // fields had been filled at once (the browser's clock stands still, so the form's own time is known).
  const shownAt = await page.evaluate(() => Date.now())
  await page.route('**/api/contact', async (route) => {
    const body = route.request().postDataJSON()
    expect(body.formStartedAt).toBe(shownAt)
    await route.continue({ postData: JSON.stringify({ ...body, formStartedAt: Date.now() }) })
  })
  await fill(page, message)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sent successfully')).toBeVisible()
  const stored = await adminApi.call('GET', `/api/contact?q=${encodeURIComponent(message.message)}`)
  expect(stored.body.contacts).toEqual([])
  const spam = await adminApi.call('GET', `/api/contact?status=spam&q=${encodeURIComponent(message.message)}`)
  expect(spam.body.contacts).toMatchObject([{ message: message.message, spamReason: 'too-fast' }])
})

test('an invalid email is caught under its field before sending, and nothing is lost', async ({ page }) => {
  let requests = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) requests++
  })
  await fill(page, { ...sample, email: 'not-an-email' })
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address' })).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(sample.name)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(sample.message)
  expect(requests).toBe(0)
})

test.describe(LIMITED_SERVER, () => {
  let server: ServerProcess
  test.beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'false', RATE_LIMIT_SCALE: '0.1' } })
  })
  test.afterAll(async () => {
    await server.stop()
  })

  test('a refused send keeps the fields and shows the failure toast', async ({ page, consoleErrors }) => {
    await openContactPage(page, `${server.url}/contact`)
    await fill(page, sample)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Message sent successfully')).toBeVisible()

    await page.getByRole('link', { name: 'Write another message' }).click()
    await fill(page, sample)
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
    await page.getByRole('button', { name: 'Send Message' }).click()
    expect((await refused).status()).toBe(429)
    await expect(page.getByText('Message sending failed')).toBeVisible()
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(sample.name)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(sample.email)
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(sample.message)
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled()
    await forgiveFailedRequests(consoleErrors, '/api/contact', 429)
  })
})

test('a network failure keeps the fields and shows the failure toast', async ({ page, consoleErrors }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionfailed'))
  await fill(page, sample)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sending failed')).toBeVisible()
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(sample.name)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(sample.message)
  await forgiveFailedRequests(consoleErrors, '/api/contact')
})
