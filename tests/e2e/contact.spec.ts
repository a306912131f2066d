import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * The contact form against the API's contract (decisions §8): POST /api/contact answers
 * 201 { success: true, message } or 400 { success: false, message, errors: { field: message } }.
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

/** A refused or failed request is logged by the browser; these tests expect exactly that one. */
function acceptFailedContactRequests(consoleErrors: string[]) {
  const others = consoleErrors.filter(
    (error) => !(error.startsWith('Failed to load resource') && error.includes('/api/contact')),
  )
  consoleErrors.splice(0, consoleErrors.length, ...others)
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contact')
  // The form works only once React has hydrated it.
  await page.waitForFunction(() => {
    const input = document.querySelector('form [name="name"]')
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'))
  })
})

test('a sent message shows the success toast and clears the fields (needs POST /api/contact)', async ({
  page,
}) => {
  await fill(page, sample)
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
  await page.getByRole('button', { name: 'Send Message' }).click()
  expect((await sent).status()).toBe(201)
  await expect(page.getByText('Message sent successfully')).toBeVisible()
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
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

test('a refused send keeps the fields, shows the failure toast and the server’s field errors', async ({
  page,
  consoleErrors,
}) => {
  // The server's answer per the contract; the request itself goes out as the page sends it.
  let body: unknown
  // The answer waits until the test has seen the pending state.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/contact', async (route) => {
    body = route.request().postDataJSON()
    await released
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Invalid input',
        errors: { message: 'Message must be at most 5,000 characters' },
      }),
    })
  })
  await fill(page, sample)
  const button = page.getByRole('button', { name: 'Send Message' })
  await button.click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  release()
  await expect(page.getByText('Message sending failed')).toBeVisible()
  expect(body).toEqual(sample)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Message must be at most 5,000 characters' }),
  ).toBeVisible()
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(sample.name)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(sample.email)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(sample.message)
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  acceptFailedContactRequests(consoleErrors)
})

test('a network failure keeps the fields and shows the failure toast', async ({ page, consoleErrors }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionfailed'))
  await fill(page, sample)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sending failed')).toBeVisible()
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(sample.name)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(sample.message)
  acceptFailedContactRequests(consoleErrors)
})
