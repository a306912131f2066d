import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAccount, call, signIn } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

/** GET and PUT /api/settings/notifications without a mail server (SMTP_URL unset). */

let app: TestApp
let admin: string
let chapter: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'settings-admin@example.org' })
  await addAccount(app.db, { name: 'Settings Chapter', email: 'settings-chapter@example.org' })
  admin = (await signIn(app, 'settings-admin@example.org')).token
  chapter = (await signIn(app, 'settings-chapter@example.org')).token
})
afterAll(() => app.close())

const empty = {
  success: true,
  notifications: { extraRecipients: [] },
  outbox: { pending: 0, failed: 0, recent: [] },
  mailConfigured: false,
}

describe('/api/settings/notifications', () => {
  it('GET answers the extra recipients, the outbox and whether mail is configured', async () => {
    expect((await call(app, 'GET', '/api/settings/notifications', { token: admin })).body).toEqual(empty)
  })

  it('PUT saves the extra recipients (trimmed); GET answers them', async () => {
    const saved = await call(app, 'PUT', '/api/settings/notifications', {
      token: admin,
      json: { extraRecipients: [' board@example.org ', 'Secretary@Example.org'] },
    })
    expect(saved.status).toBe(200)
    const extraRecipients = ['board@example.org', 'Secretary@Example.org']
    expect(saved.body).toEqual({
      ...empty,
      notifications: { extraRecipients },
      message: 'Notification settings saved',
    })
    expect((await call(app, 'GET', '/api/settings/notifications', { token: admin })).body).toEqual({
      ...empty,
      notifications: { extraRecipients },
    })
    const cleared = await call(app, 'PUT', '/api/settings/notifications', {
      token: admin,
      json: { extraRecipients: [] },
    })
    expect(cleared.body.notifications).toEqual({ extraRecipients: [] })
  })

  it('without a mail server a contact message queues nothing', async () => {
    const sent = await call(app, 'POST', '/api/contact', {
      json: { name: 'Visitor', email: 'visitor@example.org', message: 'Hello' },
    })
    expect(sent.status).toBe(201)
    expect((await call(app, 'GET', '/api/settings/notifications', { token: admin })).body.outbox).toEqual(
      empty.outbox,
    )
  })

  it.each([
    [{ extraRecipients: ['not an email'] }, 'extraRecipients.0'],
    [{ extraRecipients: ['ok@example.org', ''] }, 'extraRecipients.1'],
    [{ extraRecipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.org`) }, 'extraRecipients'],
    [{ extraRecipients: ['a@example.org', 'A@example.org'] }, 'extraRecipients'],
    [{ extraRecipients: 'a@example.org' }, 'extraRecipients'],
    [{}, 'extraRecipients'],
    [{ extraRecipients: [], mailConfigured: true }, 'mailConfigured'],
  ])('PUT refuses %j (400 naming %s)', async (json, field) => {
    const answer = await call(app, 'PUT', '/api/settings/notifications', { token: admin, json })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) })
    expect(answer.body.errors).toHaveProperty([field])
  })

  it('only an administrator: anonymous 401, a chapter 403, nothing saved', async () => {
    for (const method of ['GET', 'PUT']) {
      const json = method === 'PUT' ? { extraRecipients: ['x@example.org'] } : undefined
      expect((await call(app, method, '/api/settings/notifications', { json })).status).toBe(401)
      expect((await call(app, method, '/api/settings/notifications', { token: chapter, json })).status).toBe(
        403,
      )
    }
    expect((await call(app, 'GET', '/api/settings/notifications', { token: admin })).body).toEqual(empty)
  })
})
