import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContactMessage } from '#db/queries/contact.server'
import { createEvent } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { addAccount, call, signIn, validEvent, validMember } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let tokenA: string
let tokenB: string
let adminToken: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  const a = await addAccount(app.db, { name: 'Lantern Chapter', email: 'lantern@example.org' })
  const b = await addAccount(app.db, { name: 'Harbour Chapter', email: 'harbour@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'search-admin@example.org' })
  createEvent(app.db, a.id, validEvent({ title: 'Lantern robotics night' }))
  createEvent(app.db, b.id, validEvent({ title: 'Harbour robotics day' }))
  createExcomMember(app.db, a.id, validMember({ name: 'Robin Lantern', email: 'robin@example.org' }))
  createContactMessage(app.db, { name: 'Rob Visitor', email: 'rob@example.org', message: 'Hello' })
  tokenA = (await signIn(app, 'lantern@example.org')).token
  tokenB = (await signIn(app, 'harbour@example.org')).token
  adminToken = (await signIn(app, 'search-admin@example.org')).token
})
afterAll(() => app.close())

const titles = (body: { results: { kind: string; title: string }[] }) =>
  body.results.map((result) => `${result.kind}: ${result.title}`)

describe('GET /api/search (the command palette)', () => {
  it('a chapter finds only its own events and committee members', async () => {
    const answer = await call(app, 'GET', '/api/search?q=rob', { token: tokenA })
    expect(answer.status).toBe(200)
    expect(titles(answer.body)).toEqual(['event: Lantern robotics night', 'member: Robin Lantern'])
    expect(answer.body.results[0].href).toMatch(/^\/dashboard\/events\/edit-event\/[0-9a-f]{24}$/)
    const other = await call(app, 'GET', '/api/search?q=lantern', { token: tokenB })
    expect(other.body.results).toEqual([])
  })

  it('an administrator finds every event, the chapters and the messages, by name or email', async () => {
    const answer = await call(app, 'GET', '/api/search?q=rob', { token: adminToken })
    expect(titles(answer.body).sort()).toEqual([
      'event: Harbour robotics day',
      'event: Lantern robotics night',
      'message: Message from Rob Visitor',
    ])
    const byEmail = await call(app, 'GET', '/api/search?q=harbour%40example', { token: adminToken })
    // The chapter and its first officer, who signs in with the chapter's email.
    expect(titles(byEmail.body)).toEqual(['person: Harbour Chapter', 'chapter: Harbour Chapter'])
    expect(byEmail.body.results.map((result: { href: string }) => result.href)).toEqual([
      '/dashboard/chapter/harbour-chapter',
      '/dashboard/chapter/harbour-chapter',
    ])
  })

  it('finds people: an administrator everyone, an officer only the officers of their chapter', async () => {
    const admin = await call(app, 'GET', '/api/search?q=search-admin', { token: adminToken })
    expect(admin.body.results).toMatchObject([
      { kind: 'person', title: 'Admin', href: '/dashboard/administrators' },
    ])
    const everyone = await call(app, 'GET', '/api/search?q=chapter', { token: adminToken })
    expect(titles(everyone.body).filter((title) => title.startsWith('person:'))).toEqual([
      'person: Harbour Chapter',
      'person: Lantern Chapter',
    ])
    const own = await call(app, 'GET', '/api/search?q=chapter', { token: tokenA })
    const people = own.body.results.filter((result: { kind: string }) => result.kind === 'person')
    expect(people).toMatchObject([{ kind: 'person', title: 'Lantern Chapter', href: '/dashboard/officers' }])
    const noAdmins = await call(app, 'GET', '/api/search?q=search-admin', { token: tokenA })
    expect(noAdmins.body.results).toEqual([])
  })

  it('refuses a missing, empty or too long q, and unknown parameters, in the JSON error shape', async () => {
    for (const query of ['', '?q=', '?q=%20', `?q=${'a'.repeat(101)}`, '?q=a&role=admin']) {
      const answer = await call(app, 'GET', `/api/search${query}`, { token: tokenA })
      expect(answer.status, query).toBe(400)
      expect(answer.body).toMatchObject({ success: false, message: expect.any(String) })
    }
  })
})
