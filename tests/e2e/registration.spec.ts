import { validRegistrationSettings } from '../support/api'
import { startServer } from '../support/server-process'
import { closedPort, startSmtpServer } from '../support/smtp'
import { expectNoAxeViolations } from './axe'
import {
  type ApiClient,
  eventFields,
  expect,
  forgiveFailedRequests,
  openConsole,
  signIn,
  test,
  unique,
} from './console-fixtures'

/**
 * Registration as visitors and officers use it in Chromium: the event page's form without scripts and in
 * place, the waiting list through an offer accepted from a real mail's link, the console's Registration
 * section and the Attendees table on a phone; axe (experimental rules on) on every new screen.
 */

/** The API tests' settings, with a required checkbox besides their two questions. */
const registration = (overrides: Record<string, unknown> = {}) => {
  const settings = validRegistrationSettings()
  return validRegistrationSettings({
    questions: [
      ...settings.questions,
      { id: 'photos', label: 'I agree to be photographed', type: 'checkbox', required: true },
    ],
    ...overrides,
  })
}

async function eventWithRegistration(
  api: ApiClient,
  overrides: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
) {
  const created = await api.call('POST', '/api/events', {
    ...eventFields(await api.upload(), { title: unique('Registration Workshop'), ...fields }),
    registration: registration(overrides),
  })
  expect(created.status).toBe(201)
  return created.body.event._id as string
}

test.describe('registering on the event page', () => {
  test('without scripts: errors beside the fields with the values kept, then the manage page', async ({
    browser,
    baseURL,
    adminApi,
  }) => {
    test.slow()
    const eventId = await eventWithRegistration(adminApi)
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`/events/${eventId}`)
    await expect(page.getByText('2 seats left.').first()).toBeVisible()
    const form = page.locator('form[data-registration-form]')
    await form.getByLabel('Full name').fill('Farhana Akter')
    await form.getByLabel('Email').fill('not an email')
    await form.getByLabel('T-shirt size (optional)').selectOption('M')
    await form.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByText('Some fields are not valid: see the notes beside them.')).toBeVisible()
    await expect(form.getByLabel('Full name')).toHaveValue('Farhana Akter')
    await expect(form.getByLabel('T-shirt size (optional)')).toHaveValue('M')
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address')
    await expect(form.getByLabel('Student ID')).toHaveAccessibleDescription('Student ID is required')
    await expect(form.getByLabel('I agree to be photographed')).toHaveAccessibleDescription(
      'I agree to be photographed must be ticked',
    )
    await page.screenshot({ path: test.info().outputPath('no-script-errors.png'), fullPage: true })

    const email = `${unique('farhana')}@example.org`
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Student ID').fill('2021-1-60-123')
    await form.getByLabel('I agree to be photographed').check()
    await form.getByRole('button', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/registrations\/[A-Za-z0-9_-]{43}\?registered=1$/)
    await expect(page.getByText('You are registered: your seat is confirmed.')).toBeVisible()
    await expect(page.getByText(`Farhana Akter (${email})`)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('no-script-registered.png'), fullPage: true })

    // Cancelling asks first (a required tick box), then says it is done.
    await page.getByRole('button', { name: 'Cancel registration' }).click()
    await expect(page).toHaveURL(/\?registered=1$/)
    await page.getByLabel('Yes, cancel my registration').check()
    await page.getByRole('button', { name: 'Cancel registration' }).click()
    await expect(page.getByText('Your registration is cancelled.')).toBeVisible()
    await context.close()
  })

  test('with scripts: the form submits in place; axe finds nothing on the page or the manage page', async ({
    page,
    adminApi,
    consoleErrors,
  }) => {
    test.slow()
    const eventId = await eventWithRegistration(adminApi, { capacity: 1 })
    await adminApi.call('POST', `/api/events/${eventId}/registrations`, {
      name: 'First Person',
      email: `${unique('first')}@example.org`,
      answers: { 'student-id': '1', photos: true },
    })
    await page.goto(`/events/${eventId}`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.getByText('Full: join the waiting list.').first()).toBeVisible()
    // The public layout's own parts (the skip target, the toast outlet) are checked by the layout's tests.
    await expectNoAxeViolations(page, 'the event page with its form', '#register')
    const form = page.locator('form[data-registration-form]')
    await form.getByLabel('Full name').fill('Tanvir Hasan')
    await form.getByLabel('Email').fill(`${unique('tanvir')}@example.org`)
    await form.getByRole('button', { name: 'Join the waiting list' }).click()
    await expect(form.getByLabel('Student ID')).toHaveAccessibleDescription('Student ID is required')
    await expect(form.getByLabel('Student ID')).toBeFocused()
    await forgiveFailedRequests(consoleErrors, '/registrations', 400)
    await expectNoAxeViolations(page, 'the event page with errors', '#register')
    await form.getByLabel('Student ID').fill('2019-3-60-555')
    await form.getByLabel('I agree to be photographed').check()
    const url = page.url()
    await form.getByRole('button', { name: 'Join the waiting list' }).click()
    const done = page.getByRole('status').filter({ hasText: 'you are on the waiting list, place 1' })
    await expect(done).toBeVisible()
    expect(page.url()).toBe(url)
    await page.screenshot({ path: test.info().outputPath('in-place-registered.png'), fullPage: true })
    await done.getByRole('link', { name: 'See or cancel your registration' }).click()
    await expect(page.getByText('You are on the waiting list: place 1.')).toBeVisible()
    await expectNoAxeViolations(page, 'the manage page', 'main')
  })
})

test("the waiting list: a freed seat offered by mail, accepted from the mail's link", async ({ browser }) => {
  test.slow()
  const smtp = await startSmtpServer()
  const port = await closedPort()
  const admin = { email: 'offer-admin@example.org', password: 'offer admin password' }
  const server = await startServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '100',
    },
  })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    const login = await page.request.post('/api/auth/login', { data: admin })
    const token = (await login.json()).token
    const created = await page.request.post('/api/events', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        ...eventFields('https://images.example.org/banner.png', { title: 'Offer Workshop' }),
        registration: registration({ capacity: 1, questions: [] }),
      },
    })
    const eventId = (await created.json()).event._id
    const register = async (name: string, email: string) => {
      await page.goto(`/events/${eventId}`)
      const form = page.locator('form[data-registration-form]')
      await form.getByLabel('Full name').fill(name)
      await form.getByLabel('Email').fill(email)
      await form.getByRole('button').click()
      await expect(page.getByRole('link', { name: 'See or cancel your registration' })).toBeVisible()
    }
    const mailTo = (address: string, subject: string) =>
      smtp.waitFor(
        (mail) =>
          (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === address &&
          (mail.subject ?? '').startsWith(subject),
        20_000,
      )
    const linkIn = (text: string | undefined) =>
      /http:\/\/127\.0\.0\.1:\d+\/registrations\/[A-Za-z0-9_-]{43}/.exec(text ?? '')?.[0] ?? ''

    await register('Seated Person', 'seated@example.org')
    // Where the ticket went, said in the box that replaced the form.
    await expect(page.getByText('Your ticket is on its way to seated@example.org')).toBeVisible()
    await register('Waiting Person', 'waiting@example.org')
    const seatedMail = await mailTo('seated@example.org', "You're registered")
    await mailTo('waiting@example.org', 'Waiting list, place 1')

    // The link mail lost: "Send me my link" in place, the same answer for any address.
    await page.goto(`/events/${eventId}`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const linkForm = page.getByRole('form', { name: 'Already registered?' })
    await linkForm.getByLabel('Your email').fill('not an address')
    await linkForm.getByRole('button', { name: 'Send me my link' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Enter a valid email address' })).toBeVisible()
    await expect(linkForm.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true')
    await linkForm.getByLabel('Your email').fill('Seated@Example.org')
    await linkForm.getByRole('button', { name: 'Send me my link' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'If this address is registered for the event' }),
    ).toBeVisible()
    await expect(linkForm.getByLabel('Your email')).not.toHaveAttribute('aria-invalid')
    await expectNoAxeViolations(page, 'the event page with "Send me my link" answered', '#register')
    const linkMail = await mailTo('seated@example.org', 'Your registration link')
    expect(linkIn(linkMail.text)).toBe(linkIn(seatedMail.text))

    // The seated attendee cancels from their mail's link.
    await page.goto(linkIn(seatedMail.text))
    await page.getByLabel('Yes, cancel my registration').check()
    await page.getByRole('button', { name: 'Cancel registration' }).click()
    await expect(page.getByText('Your registration is cancelled.')).toBeVisible()

    const offer = await mailTo('waiting@example.org', 'A seat is free for you')
    await page.goto(linkIn(offer.text))
    await expect(page.getByText('A seat is free for you.')).toBeVisible()
    await expectNoAxeViolations(page, 'the manage page with an offer', 'main')
    await page.screenshot({ path: test.info().outputPath('offer.png'), fullPage: true })
    // The mail's main button: a page with one button that takes the seat.
    const takeSeat = `${linkIn(offer.text)}/accept`
    expect(offer.text).toContain(`Take the seat: ${takeSeat}`)
    await page.goto(takeSeat)
    await expect(page.getByRole('heading', { name: 'Take your seat' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(1)
    await expectNoAxeViolations(page, 'the page that takes an offered seat', 'main')
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await page.screenshot({ path: test.info().outputPath(`take-seat-${viewport.width}.png`) })
    }
    await page.getByRole('button', { name: 'Take the seat' }).click()
    await expect(page.getByText('The seat is yours.')).toBeVisible()
    await expect(page.getByText('You are registered: your seat is confirmed.')).toBeVisible()
    await mailTo('waiting@example.org', "You're registered")
    const calendar = await page.request.get(`${new URL(linkIn(offer.text)).pathname}/calendar.ics`)
    expect(await calendar.text()).toContain('STATUS:CONFIRMED')

    // The officer's "Message attendees" says how many each choice reaches before anything is sent.
    await signIn(page, admin.email, admin.password)
    await openConsole(page, `/dashboard/events/${eventId}/attendees`)
    await page.getByRole('button', { name: 'Message attendees' }).click()
    const message = page.getByRole('dialog', { name: 'Message attendees' })
    await expect(message.getByLabel('To')).toHaveAccessibleDescription('1 person gets it.')
    await message.getByLabel('To').selectOption('waitlisted')
    await expect(message.getByLabel('To')).toHaveAccessibleDescription('0 people get it.')
    await expectNoAxeViolations(page, 'the message dialog', '[role="dialog"]')
    await context.close()
  } finally {
    await server.stop()
    await smtp.close()
  }
})

test.describe('officers', () => {
  test('the Registration section of the event form saves settings and questions', async ({
    page,
    chapter,
  }) => {
    test.slow()
    await signIn(page, chapter.email, chapter.password)
    const event = (await chapter.api.call('POST', '/api/events', eventFields(await chapter.api.upload())))
      .body.event
    await openConsole(page, `/dashboard/events/edit-event/${event._id}`)
    const section = page.getByRole('region', { name: 'Registration' })
    await section.getByLabel('Registration on this site').check()
    await section.getByLabel('Capacity').fill('40')
    await section.getByRole('button', { name: 'Add a question' }).click()
    await section.getByLabel('Question 1', { exact: true }).fill('University')
    await section.getByRole('button', { name: 'Add a question' }).click()
    await section.getByLabel('Question 2', { exact: true }).fill('T-shirt size')
    await section.getByLabel('Type of question 2').selectOption('choice')
    await section.getByLabel('Options of question 2').fill('S\nM\nL')
    await expectNoAxeViolations(page, 'the event form with its Registration section')
    await page.screenshot({ path: test.info().outputPath('registration-section.png'), fullPage: true })
    await page.getByRole('button', { name: 'Update Event' }).click()
    await expect(page).toHaveURL(/\/dashboard\/events$/)
    const saved = (await chapter.api.call('GET', `/api/events/${event._id}`)).body.event
    expect(saved.registration).toMatchObject({
      enabled: true,
      capacity: 40,
      questions: [
        { label: 'University', type: 'text', required: false },
        { label: 'T-shirt size', type: 'choice', options: ['S', 'M', 'L'] },
      ],
    })
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('the Attendees table: counts, filter, cards, move from the waiting list, nothing scrolls sideways', async ({
      page,
      chapter,
    }) => {
      test.slow()
      const eventId = await eventWithRegistration(chapter.api, { capacity: 1 })
      for (const name of ['Ayesha Siddiqua', 'Babul Mia', 'Chandni Roy'])
        await chapter.api.call('POST', `/api/events/${eventId}/registrations`, {
          name,
          email: `${unique(name.split(' ')[0] ?? 'x').toLowerCase()}@example.org`,
          answers: { 'student-id': 'ID-7', shirt: 'L', photos: true },
        })
      await signIn(page, chapter.email, chapter.password)
      await openConsole(page, `/dashboard/events/${eventId}/attendees`)
      await expect(page.getByText('Loading...')).toHaveCount(0)
      await expect(page.getByText('1 of 1 seats taken')).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, 'the Attendees page on a phone')
      await page.screenshot({ path: test.info().outputPath('attendees-phone.png'), fullPage: true })

      await page.getByRole('button', { name: /^Waiting/ }).click()
      await expect(page).toHaveURL(/status=waitlisted/)
      await expect(page.getByText('Babul Mia')).toBeVisible()
      await expect(page.getByText('Ayesha Siddiqua')).toHaveCount(0)
      await page.getByRole('button', { name: 'Move from waiting list: Babul Mia' }).click()
      await expect(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Confirmed 1 registration' }),
      ).toBeVisible()
      await page.getByRole('button', { name: /^All/ }).click()
      await expect(page.getByText('2 of 1 seats taken')).toBeVisible()
      await page.screenshot({ path: test.info().outputPath('attendees-phone-after.png'), fullPage: true })
    })
  })
})
