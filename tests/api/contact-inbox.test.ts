import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContactMessage } from '#db/queries/contact.server'
import { addAccount, call, signIn } from '../support/api'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/** The contact inbox's API: filters, the unread count, one message, bulk actions and deletion. */

let app: TestApp
let admin: string
let chapter: string
const ids: Record<string, string> = {}

/** A local time on a day, as the server's clock reads it (the filters' days are local days). */
/** A moment of the site's calendar (TIME_ZONE, which the inbox's day filters read), HH:MM:SS. */
const local = (day: string, time: string) =>
  new Date(siteClock.instantOf(day, time.slice(0, 5)) + Number(time.slice(6)) * 1000)

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'inbox-admin@example.org' })
  await addAccount(app.db, { name: 'Inbox Chapter', email: 'inbox-chapter@example.org' })
  admin = (await signIn(app, 'inbox-admin@example.org')).token
  chapter = (await signIn(app, 'inbox-chapter@example.org')).token
  const messages = [
    [
      'first',
      'Amina Chowdhury',
      'amina@example.org',
      'Question about MEMBERSHIP fees',
      '2026-03-01',
      '00:00:00',
      true,
    ],
    [
      'second',
      'Bilal',
      'bilal@uni.example.edu',
      'Sponsorship of the symposium',
      '2026-03-01',
      '23:59:59',
      false,
    ],
    ['third', 'Chayan', 'chayan@example.org', 'Volunteering', '2026-03-02', '00:00:00', false],
    ['fourth', 'Dipa', 'dipa@example.org', 'membership renewal\nthanks', '2026-03-10', '12:00:00', true],
    ['fifth', 'Esha 100%_off', 'esha@example.org', 'Hello', '2026-04-01', '08:30:00', false],
  ] as const
  for (const [key, name, email, message, day, time, read] of messages) {
    ids[key] = createContactMessage(app.db, { name, email, message, read, receivedAt: local(day, time) }).id
  }
})
afterAll(() => app.close())

const names = (body: { contacts: { name: string }[] }) => body.contacts.map((contact) => contact.name)
const list = async (query: string) => {
  const answer = await call(app, 'GET', `/api/contact?${query}`, { token: admin })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

describe('GET /api/contact: the inbox filters', () => {
  it('answers { success, contacts, total, unread } newest first; unread counts every message', async () => {
    const body = await list('')
    expect(Object.keys(body).sort()).toEqual(['contacts', 'success', 'total', 'unread'])
    expect(body).toMatchObject({ success: true, total: 5, unread: 3 })
    expect(names(body)).toEqual(['Esha 100%_off', 'Dipa', 'Chayan', 'Bilal', 'Amina Chowdhury'])
  })

  it('status=unread, read and all', async () => {
    expect(names(await list('status=unread'))).toEqual(['Esha 100%_off', 'Chayan', 'Bilal'])
    const read = await list('status=read')
    expect(names(read)).toEqual(['Dipa', 'Amina Chowdhury'])
    // The unread count is not filtered.
    expect(read).toMatchObject({ total: 2, unread: 3 })
    expect((await list('status=all')).total).toBe(5)
  })

  it('from and to are local days, both included', async () => {
    expect(names(await list('from=2026-03-01&to=2026-03-01'))).toEqual(['Bilal', 'Amina Chowdhury'])
    expect(names(await list('from=2026-03-02'))).toEqual(['Esha 100%_off', 'Dipa', 'Chayan'])
    expect(names(await list('to=2026-03-02'))).toEqual(['Chayan', 'Bilal', 'Amina Chowdhury'])
    expect(names(await list('from=2026-03-02&to=2026-03-10&status=unread'))).toEqual(['Chayan'])
    expect((await list('from=2027-01-01')).total).toBe(0)
  })

  it('search finds name, email or message text, ignoring case; q still works', async () => {
    expect(names(await list('search=membership'))).toEqual(['Dipa', 'Amina Chowdhury'])
    expect(names(await list('search=UNI.EXAMPLE'))).toEqual(['Bilal'])
    expect(names(await list('search=chowdhury'))).toEqual(['Amina Chowdhury'])
    expect(names(await list('q=volunteer'))).toEqual(['Chayan'])
    // % and _ match themselves.
    expect(names(await list(`search=${encodeURIComponent('100%_')}`))).toEqual(['Esha 100%_off'])
    expect(names(await list('search=membership&status=unread'))).toEqual([])
    expect(names(await list('search=membership&from=2026-03-05'))).toEqual(['Dipa'])
  })

  it('keeps paging and sorting with the filters', async () => {
    const body = await list('status=unread&page=2&pageSize=2&sort=name')
    expect(body).toMatchObject({ total: 3, unread: 3 })
    expect(names(body)).toEqual(['Esha 100%_off'])
  })

  it.each([
    ['status=archived', 'status'],
    ['from=2026-02-30', 'from'],
    ['from=yesterday', 'from'],
    ['to=2026-3-1', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['status=unread&status=read', 'status'],
    ['order=desc', 'order'],
  ])('refuses ?%s (400 naming %s)', async (query, field) => {
    const answer = await call(app, 'GET', `/api/contact?${query}`, { token: admin })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) })
    expect(answer.body.errors).toHaveProperty(field)
  })
})

describe('the unread count, one message, bulk actions, deletion', () => {
  it('GET /api/contact/unread-count', async () => {
    const answer = await call(app, 'GET', '/api/contact/unread-count', { token: admin })
    expect(answer.body).toEqual({ success: true, unread: 3 })
  })

  it('GET /api/contact/:id answers the message and does not mark it read', async () => {
    const answer = await call(app, 'GET', `/api/contact/${ids.second}`, { token: admin })
    expect(answer.body).toEqual({
      success: true,
      contact: {
        _id: ids.second,
        name: 'Bilal',
        email: 'bilal@uni.example.edu',
        message: 'Sponsorship of the symposium',
        receivedAt: local('2026-03-01', '23:59:59').toISOString(),
        read: false,
        status: 'new',
        spamReason: null,
        assignee: null,
        repliedAt: null,
      },
      replies: [],
    })
    expect((await call(app, 'GET', '/api/contact/unread-count', { token: admin })).body.unread).toBe(3)
    const missing = await call(app, 'GET', `/api/contact/${'e'.repeat(24)}`, { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ success: false, message: 'Message not found.' })
  })

  it('POST /api/contact/bulk marks read and unread, counting only the rows it changed', async () => {
    const unknown = 'e'.repeat(24)
    const read = await call(app, 'POST', '/api/contact/bulk', {
      token: admin,
      json: { ids: [ids.first, ids.second, ids.third, unknown, ids.second], action: 'read' },
    })
    expect(read.body).toEqual({ success: true, message: 'Marked 2 messages as read', count: 2 })
    expect((await list('status=unread')).total).toBe(1)
    const unread = await call(app, 'POST', '/api/contact/bulk', {
      token: admin,
      json: { ids: [ids.second], action: 'unread' },
    })
    expect(unread.body).toEqual({ success: true, message: 'Marked 1 message as unread', count: 1 })
    const nothing = await call(app, 'POST', '/api/contact/bulk', {
      token: admin,
      json: { ids: [unknown], action: 'delete' },
    })
    expect(nothing.body).toEqual({ success: true, message: 'Deleted 0 messages', count: 0, trashIds: [] })
  })

  it.each([
    [{ ids: [], action: 'read' }, 'ids'],
    [{ ids: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')), action: 'read' }, 'ids'],
    [{ ids: ['not-an-id'], action: 'read' }, 'ids.0'],
    [{ ids: ['e'.repeat(24)], action: 'archive' }, 'action'],
    [{ ids: ['e'.repeat(24)] }, 'action'],
    [{ ids: 'e'.repeat(24), action: 'read' }, 'ids'],
    [{ ids: ['e'.repeat(24)], action: 'read', extra: 1 }, 'extra'],
  ])('POST /api/contact/bulk refuses %j', async (json, field) => {
    const answer = await call(app, 'POST', '/api/contact/bulk', { token: admin, json })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toHaveProperty(field)
  })

  it('POST /api/contact/bulk deletes; DELETE /api/contact/:id deletes one', async () => {
    const deleted = await call(app, 'POST', '/api/contact/bulk', {
      token: admin,
      json: { ids: [ids.fourth, ids.fifth], action: 'delete' },
    })
    expect(deleted.body).toEqual({
      success: true,
      message: 'Deleted 2 messages',
      count: 2,
      // Each message is an item of the trash: the console's Undo restores them.
      trashIds: [expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)],
    })
    const one = await call(app, 'DELETE', `/api/contact/${ids.first}`, { token: admin })
    expect(one.body).toEqual({
      success: true,
      message: 'Message deleted',
      trashId: expect.stringMatching(/^[0-9a-f]{24}$/),
      trashTitle: expect.stringMatching(/^Message from /),
    })
    expect((await call(app, 'DELETE', `/api/contact/${ids.first}`, { token: admin })).status).toBe(404)
    expect(names(await list(''))).toEqual(['Chayan', 'Bilal'])
  })

  it('only an administrator: anonymous 401, a chapter 403', async () => {
    const requests = [
      ['GET', '/api/contact/unread-count'],
      ['GET', `/api/contact/${ids.third}`],
      ['POST', '/api/contact/bulk', { ids: [ids.third], action: 'delete' }],
      ['DELETE', `/api/contact/${ids.third}`],
    ] as const
    for (const [method, path, json] of requests) {
      expect((await call(app, method, path, { json })).status).toBe(401)
      expect((await call(app, method, path, { token: chapter, json })).status).toBe(403)
    }
    expect((await list('')).total).toBe(2)
  })
})
