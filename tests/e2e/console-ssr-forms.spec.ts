import type { Page } from '@playwright/test'
import { CHAPTER_PASSWORD, eventFields, expect, expectToast, signIn, test, unique } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

/**
 * Edit forms arrive from the server with their saved values, and text typed before the scripts run
 * survives hydration: the page's scripts are held back by the test until it has looked and typed.
 */

/** Holds every script of the page until `release` is called. */
async function holdScripts(page: Page) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
    await gate
    await route.continue()
  })
  return release
}

async function openWithoutScripts(page: Page, path: string) {
  const release = await holdScripts(page)
  await page.goto(path, { waitUntil: 'commit' })
  await expect(page.locator('form')).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
  return release
}

async function hydrate(page: Page, release: () => void) {
  release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

test.describe('server-rendered edit forms', () => {
  test('chapter settings: saved values before the scripts, typed text kept', async ({ page, chapter }) => {
    const logo = await chapter.api.upload()
    const saved = await chapter.api.call('POST', '/api/chapters', {
      logo,
      shortDescription: 'Saved description',
      websiteUrl: 'https://saved.example.org',
      facebookUrl: 'https://www.facebook.com/saved',
      linkedinUrl: 'https://www.linkedin.com/company/saved',
      videoUrl: '',
      aboutUs: 'Saved about text.',
    })
    expect(saved.status).toBe(201)
    await signIn(page, chapter.email, chapter.password)
    const release = await openWithoutScripts(page, '/dashboard/settings')
    await expect(page.getByLabel('Short Description')).toHaveValue('Saved description')
    await expect(page.getByLabel('Website URL')).toHaveValue('https://saved.example.org')
    await expect(page.getByLabel('About Chapter')).toHaveValue('Saved about text.')

    await page.getByLabel('Short Description').fill('Typed before the scripts ran')
    await hydrate(page, release)
    await expect(page.getByLabel('Short Description')).toHaveValue('Typed before the scripts ran')
    await expect(page.getByLabel('Website URL')).toHaveValue('https://saved.example.org')
    await page.getByRole('button', { name: 'Update Chapter Info' }).click()
    await expectToast(page, 'Chapter info updated successfully')
    const info = (await chapter.api.call('GET', '/api/chapters')).body.chapter
    expect(info.shortDescription).toBe('Typed before the scripts ran')
    expect(info.aboutUs).toBe('Saved about text.')
  })

  test('event: saved values before the scripts, typed text kept', async ({ page, chapter }) => {
    const banner = await chapter.api.upload()
    const fields = eventFields(banner, { title: 'Saved event', fees: 150, registrationMethod: 'Offline' })
    const created = await chapter.api.call('POST', '/api/events', fields)
    expect(created.status).toBe(201)
    const id = created.body.event._id
    await signIn(page, chapter.email, chapter.password)
    const release = await openWithoutScripts(page, `/dashboard/events/edit-event/${id}`)
    await expect(page.getByLabel('Event Title')).toHaveValue('Saved event')
    await expect(page.getByLabel('Fees')).toHaveValue('150')
    await expect(page.getByLabel('Registration Method')).toHaveValue('Offline')
    await expect(page.getByLabel('Event Date')).toHaveValue(fields.eventDate)

    await page.getByLabel('Event Location').fill('Typed early, Sylhet')
    await hydrate(page, release)
    await expect(page.getByLabel('Event Location')).toHaveValue('Typed early, Sylhet')
    await expect(page.getByLabel('Event Title')).toHaveValue('Saved event')
    await page.getByLabel('Event Title').press('Enter')
    await expectToast(page, 'Event updated successfully')
    const event = (await chapter.api.call('GET', `/api/events/${id}`)).body.event
    expect(event.location).toBe('Typed early, Sylhet')
    expect(event.fees).toBe(150)
    // The save goes on to the events list: wait for its list to load, so the clean-up that ends the session
    // cannot race the list's request (a 401 in the browser console).
    await expect(page.getByRole('row').filter({ hasText: 'Saved event' })).toBeVisible()
  })

  test('committee member: saved values before the scripts, typed text kept', async ({ page, chapter }) => {
    const image = await chapter.api.upload()
    const created = await chapter.api.call('POST', '/api/excom', {
      name: 'Saved Member',
      designation: 'Chair',
      affiliation: 'Saved University',
      email: 'saved@example.org',
      image,
    })
    expect(created.status).toBe(201)
    const id = (await chapter.api.call('GET', '/api/excom')).body.excoms[0]._id
    await signIn(page, chapter.email, chapter.password)
    const release = await openWithoutScripts(page, `/dashboard/excom/edit-excom/${id}`)
    await expect(page.getByLabel('Member Name')).toHaveValue('Saved Member')
    await expect(page.getByLabel('Email')).toHaveValue('saved@example.org')
    await page.getByLabel('Designation').fill('Typed early chair')
    await hydrate(page, release)
    await expect(page.getByLabel('Designation')).toHaveValue('Typed early chair')
    await expect(page.getByLabel('Member Name')).toHaveValue('Saved Member')
  })

  test('chapter account: saved values before the scripts, typed text kept', async ({ page, adminApi }) => {
    const name = unique('Saved Chapter')
    const email = `${name.replace(/\W+/g, '-').toLowerCase()}@example.org`
    const created = await adminApi.call('POST', '/api/users', {
      name,
      email,
      password: CHAPTER_PASSWORD,
      phone: '+880 1711-111111',
    })
    expect(created.status).toBe(201)
    const slug = created.body.chapter.slug
    try {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      const release = await openWithoutScripts(page, `/dashboard/chapter/${slug}`)
      await expect(page.getByLabel("Chapter's Name")).toHaveValue(name)
      await expect(page.getByLabel('Chapter Phone Number')).toHaveValue('+880 1711-111111')
      await page.getByLabel('Chapter Phone Number').fill('+880 1711-222222')
      await hydrate(page, release)
      await expect(page.getByLabel('Chapter Phone Number')).toHaveValue('+880 1711-222222')
      await expect(page.getByLabel("Chapter's Name")).toHaveValue(name)
    } finally {
      await adminApi.call('DELETE', `/api/users/${slug}`)
    }
  })
})
