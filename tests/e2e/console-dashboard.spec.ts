import { type ServerProcess, startServer } from '../support/server-process'
import { expectNoAxeViolations } from './axe'
import { eventFields, expect, openConsole, signIn, test, unique } from './console-fixtures'
import { E2E_ADMIN } from './global-setup'

test.describe('the dashboard', () => {
  test("a chapter's welcome page counts its own events and members", async ({ page, chapter }) => {
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard')
    const events = page.getByRole('listitem').filter({ hasText: 'Your events' })
    const members = page.getByRole('listitem').filter({ hasText: 'Committee members' })
    await expect(events).toContainText('0')
    await expect(members).toContainText('0')
    await expect(page.getByRole('link', { name: 'Add chapter info' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    )

    const banner = await chapter.api.upload()
    await chapter.api.call('POST', '/api/events', eventFields(banner))
    await chapter.api.call('POST', '/api/excom', {
      name: 'Sumaiya Islam',
      designation: 'Treasurer',
      affiliation: 'Padma University',
      email: 'sumaiya@example.org',
      image: banner,
    })
    // A client-side visit reads the counts again on the server.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(events.getByText('1', { exact: true })).toBeVisible()
    await expect(members.getByText('1', { exact: true })).toBeVisible()
  })

  test("a chapter's welcome page lists the payments to confirm, each event linking to its pending attendees", async ({
    page,
    chapter,
  }, testInfo) => {
    // Two axe sweeps and screenshots: over 30 s on a busy two-core machine.
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    await openConsole(page, '/dashboard')
    const section = page.getByRole('region', { name: 'Payments to confirm' })
    await expect(section).toContainText('No registration waits for its payment to be checked.')

    const banner = await chapter.api.upload()
    const title = unique('Paid Robotics Workshop')
    const created = await chapter.api.call('POST', '/api/events', {
      ...eventFields(banner, { title, fees: 200 }),
      registration: { enabled: true, capacity: 20, paymentMethods: ['bkash', 'door'] },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const eventId: string = created.body.event._id
    for (const [index, payment] of [
      { paymentMethod: 'bkash', transactionId: unique('TX') },
      { paymentMethod: 'door' },
    ].entries()) {
      const registered = await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
        name: `Payer ${index + 1}`,
        email: `${unique('payer')}@example.org`.toLowerCase(),
        answers: {},
        ...payment,
      })
      expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    }
    await page.reload()
    const row = section.getByRole('listitem').filter({ hasText: title })
    await expect(row).toContainText('2 to confirm')
    await expect(row.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/dashboard/events/${eventId}/attendees?status=pending`,
    )
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await expect(row).toBeVisible()
      await expectNoAxeViolations(page, `the dashboard at ${viewport.width} px`)
      await page.screenshot({ path: testInfo.outputPath(`payments-${viewport.width}.png`) })
    }
  })

  test.describe('on a server of its own', () => {
    // The unread count is the whole site's: on the shared server other tests add and read messages meanwhile.
    let server: ServerProcess
    test.beforeAll(async () => {
      server = await startServer({
        env: { SEED_DEMO: 'false', ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
      })
    })
    test.afterAll(async () => {
      await server.stop()
    })

    test("an administrator's welcome page counts unread messages", async ({ page, playwright }) => {
      const admin = await playwright.request.newContext({ baseURL: server.url })
      const login = await admin.post('/api/auth/login', { data: E2E_ADMIN })
      const headers = { authorization: `Bearer ${(await login.json()).token}` }
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, server.url)
      await openConsole(page, `${server.url}/dashboard`)
      const unread = page.getByRole('listitem').filter({ hasText: 'Unread messages' })
      const count = unread.locator('dd')
      await expect(count).toHaveText('0')
      await expect(page.getByRole('link', { name: 'Open chapters' })).toBeVisible()

      const sent = await admin.post('/api/contact', {
        data: { name: 'Count me', email: 'c@example.org', message: 'Hi' },
      })
      const { contact } = await sent.json()
      await admin.post('/api/contact', { data: { name: 'And me', email: 'd@example.org', message: 'Hello' } })
      await page.reload()
      await expect(count).toHaveText('2')
      await admin.patch(`/api/contact/${contact._id}`, { headers, data: { read: true } })
      await page.reload()
      await expect(count).toHaveText('1')
      await admin.dispose()
    })
  })

  test("a list shows 'Loading...' until its page arrives", async ({ page, chapter }) => {
    // The page's scripts start before the list asks: on a busy two-core machine that took over 10 s.
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = () => {}
    const requested = new Promise<void>((resolve) => {
      asked = resolve
    })
    // Holds the real answer back (the request still reaches the server), to see the loading state.
    await page.route(
      (url) => url.pathname === '/api/excom',
      async (route) => {
        asked()
        await held
        await route.continue()
      },
    )
    await page.goto('/dashboard/excom')
    // However long the scripts take to start: once the list has asked, it is loading until the answer comes.
    await requested
    await expect(page.getByText('Loading...')).toBeVisible()
    release()
    await expect(page.getByText('No members yet')).toBeVisible()
  })
})
