import type { BrowserContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { site } from '#content/site'
import { expectNoAxeViolations } from './axe'
import {
  type Attendee,
  doorEvent,
  openDoor,
  openDoorLink,
  register,
  result,
  scan,
  summaryOf,
  ticketField,
} from './check-in-fixtures'
import { type ApiClient, expect, forgiveFailedRequests, openConsole, signIn, test } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * The check-in page as an app kept on the phone (docs/decisions/093-check-in-app-offline-through-reloads.md):
 * opened once online, it opens again without a connection, reload after reload, with the roster, counts,
 * recent check-ins and queue it had; back online, the queue is sent once. A door link revoked meanwhile
 * has its queued check-ins refused and shown, not lost. The manifest and service worker make it
 * installable (Chrome's installability criteria), for that event's check-in page only.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const checkInPath = (eventId: string) => `/dashboard/events/${eventId}/check-in`

/** Opens the door online and waits until the service worker keeps the page and controls it. */
async function openKeptDoor(page: Page, eventId: string) {
  await openDoor(page, eventId)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** A reload without a connection: the page from the phone, hydrated, the roster ready. */
async function reloadOffline(page: Page) {
  await page.reload()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(ticketField(page)).toBeEnabled()
}

async function checkInByName(page: Page, person: Attendee) {
  const search = page.getByLabel(/^Find by name/)
  await search.fill(person.name)
  await search.press('Enter')
  await page
    .getByRole('list', { name: 'Found' })
    .getByRole('button', { name: `Check in ${person.name}` })
    .click()
  await expect(result(page)).toHaveText(`Checked in: ${person.name}`)
}

const waitingText = (count: number) => new RegExp(`^Offline since \\d\\d:\\d\\d: ${count} waiting to send$`)

/** The queue in IndexedDB, as the page keeps it. */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('check-in')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const count = opening.result.transaction('queue').objectStore('queue').count()
          count.onsuccess = () => {
            opening.result.close()
            resolve(count.result)
          }
        }
      }),
  )

/** The registrations the server has checked in, each with how many times it appears. */
async function checkedInOnServer(api: ApiClient, eventId: string) {
  const answer = await api.call('GET', `/api/events/${eventId}/registrations?checkedIn=yes`)
  expect(answer.status).toBe(200)
  return (answer.body.registrations as { _id: string }[]).map((row) => row._id).sort()
}

/**
 * Four check-ins without a connection, across reloads: three found by name, one ticket typed; sent once
 * when the connection is back; each on the server and the Attendees page once.
 */
async function offlineThroughReloads(
  page: Page,
  context: BrowserContext,
  api: ApiClient,
  eventId: string,
  people: Attendee[],
) {
  const [first, second, third, fourth] = people
  if (!first || !second || !third || !fourth) throw new Error('registrations missing')
  await openKeptDoor(page, eventId)
  await expect(page.getByTestId('check-in-counts')).toHaveText('0 / 5 checked in')
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/events/${eventId}/check-ins`))
      sent.push(request.postDataJSON().scanId)
  })

  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.getByText(waitingText(0))).toBeVisible()
  await checkInByName(page, first)
  await checkInByName(page, second)
  await checkInByName(page, third)
  await scan(page, fourth.code)
  await expect(result(page)).toHaveText(`Checked in: ${fourth.name}`)
  await expect(page.getByTestId('check-in-counts')).toHaveText('4 / 5 checked in')
  await expect(page.getByText(waitingText(4))).toBeVisible()
  const recentRows = page.getByTestId('check-in-recent').getByRole('listitem')
  const recent = await recentRows.allTextContents()
  expect(recent).toHaveLength(4)
  for (const person of [first, second, third, fourth])
    expect(recent.filter((row) => row.startsWith(person.name))).toHaveLength(1)
  await expectNoAxeViolations(page, 'the door reloaded offline, four check-ins waiting')

  // Reloaded again, still offline: the same counts, recent check-ins and queue.
  await reloadOffline(page)
  await expect(page.getByTestId('check-in-counts')).toHaveText('4 / 5 checked in')
  await expect(page.getByText(waitingText(4))).toBeVisible()
  await expect(recentRows).toHaveText(recent)
  expect(await queued(page)).toBe(4)
  expect((await summaryOf(api, eventId)).checkedIn).toBe(0)
  expect(sent).toEqual([])

  // Back online: each sent once, and the page says nothing waits.
  await context.setOffline(false)
  await expect.poll(async () => (await summaryOf(api, eventId)).checkedIn).toBe(4)
  await expect(page.getByText(/Offline|waiting to send|Sending/)).toHaveCount(0)
  expect(await queued(page)).toBe(0)
  expect(new Set(sent).size).toBe(4)
  expect(sent).toHaveLength(4)
  expect(await checkedInOnServer(api, eventId)).toEqual(
    [first, second, third, fourth].map((person) => person.id).sort(),
  )
}

/** The Attendees page, filtered to those checked in: each of `names` once, and no one else. */
async function expectAttendeesPage(page: Page, eventId: string, names: string[]) {
  await openConsole(page, `/dashboard/events/${eventId}/attendees?checkedIn=yes`)
  const rows = page
    .getByRole('row')
    .filter({ hasText: /Checked in|Not yet| by / })
    .filter({ hasNotText: 'Name' })
  await expect(rows).toHaveCount(names.length)
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1)
}

const NAMES = ['Mahmuda Khatun', 'Nasir Uddin', 'Obaidul Haque', 'Parvin Sultana', 'Rafiq Ahmed']

test('a door link: reloaded offline twice, four check-ins are sent once back online', async ({
  page,
  context,
  browser,
  baseURL,
  adminApi,
}) => {
  test.slow()
  const eventId = await doorEvent(adminApi)
  const people = await register(adminApi, eventId, NAMES)
  await openDoorLink(page, adminApi, eventId, 'West door')
  await offlineThroughReloads(page, context, adminApi, eventId, people)

  const officer = await browser.newContext({ baseURL })
  try {
    const officerPage = await officer.newPage()
    await signIn(officerPage, E2E_ADMIN.email, E2E_ADMIN.password)
    await expectAttendeesPage(officerPage, eventId, NAMES.slice(0, 4))
  } finally {
    await officer.close()
  }
})

test('an officer: reloaded offline twice, four check-ins are sent once back online', async ({
  page,
  context,
  adminApi,
  consoleErrors,
}) => {
  test.slow()
  const eventId = await doorEvent(adminApi)
  const people = await register(adminApi, eventId, NAMES)
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await offlineThroughReloads(page, context, adminApi, eventId, people)
  // The console's own count of unread messages could not be asked for while offline.
  await forgiveFailedRequests(consoleErrors, '/api/contact')
  await expectAttendeesPage(page, eventId, NAMES.slice(0, 4))
})

test('a door link revoked while the phone is offline: its queued check-ins are shown as refused', async ({
  page,
  context,
  adminApi,
  consoleErrors,
}) => {
  test.slow()
  const eventId = await doorEvent(adminApi)
  const [first, second] = await register(adminApi, eventId, NAMES.slice(0, 2))
  if (!first || !second) throw new Error('registrations missing')
  const linkId = await openDoorLink(page, adminApi, eventId, 'East door')
  await openKeptDoor(page, eventId)

  await context.setOffline(true)
  await reloadOffline(page)
  await checkInByName(page, first)
  await scan(page, second.code)
  await expect(result(page)).toHaveText(`Checked in: ${second.name}`)
  await expect(page.getByText(waitingText(2))).toBeVisible()
  await page.close()

  // The officer revokes the link; the phone comes back online and opens the page again.
  const revoked = await adminApi.call('DELETE', `/api/events/${eventId}/door-links/${linkId}`)
  expect(revoked.status).toBe(200)
  await context.setOffline(false)
  const phone = await context.newPage()
  phone.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`)
  })
  await phone.goto(checkInPath(eventId))
  const refused = phone.getByRole('region', { name: /Refused: 2 check-ins not sent/ })
  await expect(refused).toContainText(`${first.name}, scanned at`)
  await expect(refused).toContainText(`${second.name}, scanned at`)
  await expect(phone.getByRole('alert')).toContainText('may no longer check people in')
  await expect(ticketField(phone)).toBeDisabled()
  await expectNoAxeViolations(phone, 'the door with refused check-ins')
  await forgiveFailedRequests(consoleErrors, '/check-ins/', 401)

  // Nothing reached the server; the phone keeps neither the page, nor the queue, nor the roster.
  expect((await summaryOf(adminApi, eventId)).checkedIn).toBe(0)
  expect(await queued(phone)).toBe(0)
  await expect
    .poll(() =>
      phone.evaluate(async () => ({
        caches: (await caches.keys()).length,
        workers: (await navigator.serviceWorker.getRegistrations()).length,
      })),
    )
    .toEqual({ caches: 0, workers: 0 })
  // The next start asks the server, which tells the volunteer their link was revoked (not the officers' sign-in).
  await phone.goto(checkInPath(eventId))
  expect(new URL(phone.url()).pathname).toBe(checkInPath(eventId))
  await expect(phone.getByRole('heading', { name: 'This door link was revoked' })).toBeVisible()
  await expect(phone.getByText('Ask an officer for a new door link.')).toBeVisible()
  await expectNoAxeViolations(phone, 'the door page of a revoked link')
  await forgiveFailedRequests(consoleErrors, '/check-in', 403)
})

test('installable: a valid manifest naming the chapter and event, its icons, a worker controlling the page alone', async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  test.slow()
  const eventId = await doorEvent(adminApi)
  await register(adminApi, eventId, NAMES.slice(0, 1))
  const event = (await adminApi.call('GET', `/api/events/${eventId}`)).body.event
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await openKeptDoor(page, eventId)
  await expectNoAxeViolations(page, 'the door kept on the phone')

  // The manifest the page links to (Chrome's installability: name, icons of 192 and 512, start_url, display).
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe(`${checkInPath(eventId)}/manifest.webmanifest`)
  const answer = await page.request.get(href ?? '')
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toContain('application/manifest+json')
  const manifest = await answer.json()
  expect(manifest.name).toContain(event.title)
  expect(manifest.name).toContain(site.chapterName)
  expect(manifest.short_name).toBeTruthy()
  expect(manifest.start_url).toBe(checkInPath(eventId))
  expect(manifest.scope).toBe(checkInPath(eventId))
  expect(['fullscreen', 'standalone', 'minimal-ui']).toContain(manifest.display)
  for (const size of [192, 512]) {
    const icon = manifest.icons.find(
      (candidate: { sizes: string; purpose: string }) =>
        candidate.sizes === `${size}x${size}` && candidate.purpose === 'any',
    )
    expect(icon?.type).toBe('image/png')
    const png = await page.request.get(icon.src)
    expect(png.status()).toBe(200)
    const { width, height, format } = await sharp(await png.body()).metadata()
    expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' })
  }

  // The service worker controls the check-in page, from its own scope; its script names that scope.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    return { scope: registration?.scope, script: navigator.serviceWorker.controller?.scriptURL }
  })
  expect(new URL(worker.scope ?? '').pathname).toBe(checkInPath(eventId))
  expect(new URL(worker.script ?? '').pathname).toBe(`${checkInPath(eventId)}/sw.js`)
  const script = await page.request.get(`${checkInPath(eventId)}/sw.js`)
  expect(script.headers()['service-worker-allowed']).toBe(checkInPath(eventId))
  expect(await script.text()).toContain('fetch')
  // The page's policy allows its own worker and manifest, nothing else's.
  const policy = (await page.request.get(checkInPath(eventId))).headers()['content-security-policy'] ?? ''
  expect(policy).toContain("worker-src 'self'")
  expect(policy).toContain("manifest-src 'self'")

  // Nowhere else: the Attendees page and the public site are not controlled by it.
  for (const elsewhere of [`/dashboard/events/${eventId}/attendees`, '/']) {
    await page.goto(elsewhere)
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  }
  // The manifest is for those who may check in there.
  const stranger = await browser.newContext({ baseURL })
  try {
    const refused = await stranger.request.get(`${checkInPath(eventId)}/manifest.webmanifest`)
    expect(refused.status()).toBe(401)
  } finally {
    await stranger.close()
  }
})
