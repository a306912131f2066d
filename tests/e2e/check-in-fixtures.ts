import type { Page } from '@playwright/test'
import { loadTicketKeys } from '#server/auth/ticket-key.server'
import { validAttendee, validRegistrationSettings } from '../support/api'
import { type ApiClient, eventFields, expect, openConsole, startingSoon, unique } from './console-fixtures'

/**
 * The door page's helpers, shared by its browser tests (check-in.spec.ts, check-in-offline.spec.ts): an
 * event with registration, attendees with ticket codes signed here with the server's keys (its DATA_DIR's
 * master secret, as the server signs the codes it hands out), the scanner's typing, a door link opened.
 */

const keys = () => loadTicketKeys({ dataDir: process.env.E2E_DATA_DIR ?? '' })

export type Attendee = { id: string; name: string; code: string }

export async function doorEvent(api: ApiClient) {
  const created = await api.call('POST', '/api/events', {
    // Starting within the day: door links open 24 hours before the start.
    ...eventFields(await api.upload(), { title: unique('Door Night'), ...startingSoon() }),
    registration: validRegistrationSettings({ capacity: 50 }),
  })
  expect(created.status).toBe(201)
  return created.body.event._id as string
}

export async function register(api: ApiClient, eventId: string, names: string[]): Promise<Attendee[]> {
  const attendees: Attendee[] = []
  for (const name of names) {
    const email = `${unique('door')}@example.org`
    const answer = await api.call(
      'POST',
      `/api/events/${eventId}/registrations`,
      validAttendee({ name, email }),
    )
    expect(answer.status).toBe(201)
    const list = await api.call('GET', `/api/events/${eventId}/registrations?q=${encodeURIComponent(email)}`)
    const id = list.body.registrations[0]._id as string
    attendees.push({ id, name, code: keys().sign({ eventId, registrationId: id, ticketVersion: 1 }) })
  }
  return attendees
}

/** The code with one character of its signature changed (the middle one: every bit of it counts). */
export const tampered = (code: string) =>
  `${code.slice(0, 80)}${code[80] === 'A' ? 'B' : 'A'}${code.slice(81)}`

export const summaryOf = async (api: ApiClient, eventId: string) =>
  (await api.call('GET', `/api/events/${eventId}/check-ins/summary`)).body

export const result = (page: Page) => page.getByTestId('check-in-result')
export const ticketField = (page: Page) => page.getByLabel('Ticket code')

/** Types a code as a keyboard-like scanner does: the text, then Enter. */
export async function scan(page: Page, text: string) {
  await ticketField(page).fill(text)
  await ticketField(page).press('Enter')
}

/**
 * Opens the door and waits until the page is ready and kept on the phone by its service worker
 * (docs/decisions/093-check-in-app-offline-through-reloads.md): a test that goes offline right after
 * would otherwise cut the worker's script off mid-fetch, which Chromium reports in the console.
 */
export async function openDoor(page: Page, eventId: string) {
  await openConsole(page, `/dashboard/events/${eventId}/check-in`)
  await expect(ticketField(page)).toBeEnabled()
  await expect(ticketField(page)).toBeFocused()
  await expect(page.getByTestId('check-in-kept')).toBeVisible({ timeout: 15_000 })
}

/** Opens a door link with its PIN in the page's browser: the door cookie of that event. */
export async function openDoorLink(page: Page, api: ApiClient, eventId: string, label: string) {
  const link = await api.call('POST', `/api/events/${eventId}/door-links`, { label })
  expect(link.status).toBe(201)
  const { url, pin, id } = link.body.doorLink
  const opened = await page.request.post(new URL(url).pathname, { form: { pin }, maxRedirects: 0 })
  expect(opened.status()).toBe(303)
  return id as string
}
