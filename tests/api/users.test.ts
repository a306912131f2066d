import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addAccount,
  call,
  signIn,
  snapshot,
  TEST_PASSWORD,
  validChapterAccount,
  validEvent,
  validInfo,
  validMember,
} from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let adminToken: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'users-admin@example.org' })
  adminToken = (await signIn(app, 'users-admin@example.org')).token
})
afterAll(() => app.close())

const post = (json: unknown) => call(app, 'POST', '/api/users', { token: adminToken, json })

describe('chapter accounts (/api/users)', () => {
  it('POST creates a chapter with a slug from its name and answers it without the password', async () => {
    const input = validChapterAccount({ name: 'CSE Society, DU', email: 'CSE@Example.org' })
    const created = await post(input)
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      success: true,
      message: 'Chapter added',
      chapter: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'CSE Society, DU',
        email: 'cse@example.org',
        phone: input.phone,
        slug: 'cse-society-du',
        createdAt: expect.any(String),
        eventCount: 0,
        memberCount: 0,
      },
    })
    // The new account can sign in with its password.
    expect((await signIn(app, 'cse@example.org', input.password)).userInfo).toMatchObject({
      isAdmin: false,
      slug: 'cse-society-du',
    })
    // Same name again: the slug gets a suffix.
    const twin = await post(validChapterAccount({ name: 'CSE Society DU' }))
    expect(twin.body.chapter.slug).toBe('cse-society-du-2')
  })

  it('409 for an email already used, in any case, by a chapter or an administrator', async () => {
    for (const email of ['CSE@example.org', 'users-admin@example.org']) {
      const answer = await post(validChapterAccount({ email }))
      expect(answer).toMatchObject({
        status: 409,
        body: { success: false, message: 'An account with this email address already exists.' },
      })
    }
  })

  it.each([
    ['too short', 'short pw', 'Password must have at least 10 characters'],
    ['too long', 'x'.repeat(129), 'Password must have at most 128 characters'],
    ['common', 'password123', 'This password is too common: choose a longer or less predictable one'],
    [
      'a weak word with digits',
      'Welcome2024!',
      'This password is too common: choose a longer or less predictable one',
    ],
  ])('400 for a password that is %s', async (_label, password, message) => {
    const answer = await post(validChapterAccount({ password }))
    expect(answer).toMatchObject({ status: 400, body: { success: false, errors: { password: message } } })
  })

  it('POST with officerEmail instead of a password: the chapter, and an invitation its first officer accepts', async () => {
    const { password: _, ...fields } = validChapterAccount({
      name: 'Invited Chapter',
      email: 'invited@example.org',
    })
    const created = await post({ ...fields, officerEmail: 'First.Officer@example.org' })
    expect(created).toMatchObject({
      status: 201,
      body: {
        success: true,
        message: 'Chapter added',
        chapter: { name: 'Invited Chapter', slug: 'invited-chapter', email: 'invited@example.org' },
        invitation: {
          email: 'first.officer@example.org',
          role: 'officer',
          url: expect.stringMatching(/^http:\/\/localhost:\d+\/invite\/[A-Za-z0-9_-]{43}$/),
        },
        // No SMTP_URL here: the console shows the link to hand over.
        email: 'not-configured',
      },
    })
    // Nobody signs in with the chapter's email: no password was typed by the administrator.
    expect(
      (
        await call(app, 'POST', '/api/auth/login', {
          json: { email: 'invited@example.org', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(401)
    const pending = await call(app, 'GET', '/api/invitations?chapterSlug=invited-chapter', {
      token: adminToken,
    })
    expect(pending.body.invitations).toEqual([
      expect.objectContaining({ email: 'first.officer@example.org' }),
    ])
    const people = await call(app, 'GET', '/api/people?chapterSlug=invited-chapter', { token: adminToken })
    expect(people.body.people).toEqual([])

    const token = String(created.body.invitation.url).split('/').pop()
    const accepted = await call(app, 'POST', `/api/invitations/${token}/accept`, {
      json: { name: 'First Officer', password: 'their own long passphrase' },
    })
    expect(accepted).toMatchObject({
      status: 201,
      body: { userInfo: { isAdmin: false, name: 'Invited Chapter', slug: 'invited-chapter' } },
    })
    const log = await call(app, 'GET', `/api/activity?item=${created.body.chapter._id}`, {
      token: adminToken,
    })
    expect(log.body.entries).toEqual([expect.objectContaining({ action: 'create', type: 'chapter' })])
  })

  it('POST needs exactly one of password and officerEmail; an officerEmail with an account is a 409 that creates nothing', async () => {
    const { password, ...fields } = validChapterAccount()
    expect(await post(fields)).toMatchObject({
      status: 400,
      body: { errors: { officerEmail: "First officer's email is required" } },
    })
    expect(await post({ ...fields, password, officerEmail: 'both@example.org' })).toMatchObject({
      status: 400,
      body: { errors: { password: 'Send either a password or officerEmail, not both' } },
    })
    expect(await post({ ...fields, officerEmail: 'not an address' })).toMatchObject({
      status: 400,
      body: { errors: { officerEmail: 'Enter a valid email address' } },
    })
    const before = snapshot(app.db)
    const taken = await post({ ...fields, officerEmail: 'USERS-ADMIN@example.org' })
    expect(taken).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: 'Someone with this email address already has an account.',
        errors: { officerEmail: 'Someone with this email address already has an account.' },
      },
    })
    expect(snapshot(app.db)).toEqual(before)
  })

  it('GET lists chapters by name with their event and member counts, never a password hash', async () => {
    const busy = await addAccount(app.db, { name: 'aardvark busy chapter', email: 'busy@example.org' })
    const session = await signIn(app, busy.email)
    for (let i = 0; i < 3; i++)
      await call(app, 'POST', '/api/events', { token: session.token, json: validEvent() })
    await call(app, 'POST', '/api/excom', { token: session.token, json: validMember() })
    const answer = await call(app, 'GET', '/api/users', { token: adminToken })
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(answer.body.chapters.length)
    expect(answer.body.chapters[0]).toEqual({
      _id: busy.id,
      name: 'aardvark busy chapter',
      email: 'busy@example.org',
      phone: '',
      slug: busy.slug,
      createdAt: expect.any(String),
      eventCount: 3,
      memberCount: 1,
    })
    expect(answer.body.chapters.map((chapter: { name: string }) => chapter.name)).not.toContain('Admin')
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|password/i)
    const byEvents = await call(app, 'GET', '/api/users?sort=-eventCount&pageSize=1&q=busy', {
      token: adminToken,
    })
    expect(byEvents.body).toMatchObject({ total: 1, chapters: [{ slug: busy.slug }] })
  })

  it('PUT edits name, email and phone (the slug stays); 409 for a taken email; 404 for an unknown or admin slug', async () => {
    const account = await addAccount(app.db, { name: 'Editable', email: 'editable@example.org' })
    const answer = await call(app, 'PUT', `/api/users/${account.slug}`, {
      token: adminToken,
      json: { name: `Edited <b>name</b>'--`, email: 'Edited@Example.org', phone: '01911 222333' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Chapter updated',
      chapter: {
        _id: account.id,
        name: `Edited <b>name</b>'--`,
        email: 'edited@example.org',
        phone: '01911 222333',
        slug: 'editable',
      },
    })
    // The password did not change.
    await signIn(app, 'edited@example.org', TEST_PASSWORD)
    const taken = await call(app, 'PUT', `/api/users/${account.slug}`, {
      token: adminToken,
      json: { name: 'Editable', email: 'busy@example.org', phone: '01911222333' },
    })
    expect(taken.status).toBe(409)
    const body = { name: 'x', email: 'x@example.org', phone: '01911222333' }
    expect(
      (await call(app, 'PUT', '/api/users/no-such-chapter', { token: adminToken, json: body })).status,
    ).toBe(404)
    expect((await call(app, 'PUT', '/api/users/admin', { token: adminToken, json: body })).status).toBe(404)
  })

  it('DELETE removes the account, its sessions, info, members and events in one go, and counts them', async () => {
    const doomed = await addAccount(app.db, { name: 'Doomed Chapter', email: 'doomed@example.org' })
    const bystander = await addAccount(app.db, { name: 'Bystander', email: 'bystander@example.org' })
    const session = await signIn(app, doomed.email)
    const other = await signIn(app, bystander.email)
    for (let i = 0; i < 2; i++)
      await call(app, 'POST', '/api/events', { token: session.token, json: validEvent() })
    for (let i = 0; i < 3; i++)
      await call(app, 'POST', '/api/excom', { token: session.token, json: validMember() })
    await call(app, 'POST', '/api/chapters', { token: session.token, json: validInfo() })
    await call(app, 'POST', '/api/events', { token: other.token, json: validEvent() })
    const count = (table: string, column: string, id: string) =>
      (
        app.db.$client.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).get(id) as {
          n: number
        }
      ).n

    const answer = await call(app, 'DELETE', `/api/users/${doomed.slug}`, { token: adminToken })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      message: 'Chapter deleted',
      deleted: { eventCount: 2, memberCount: 3 },
      trashId: expect.stringMatching(/^[0-9a-f]{24}$/),
      trashTitle: doomed.name,
    })
    expect(count('chapters', 'id', doomed.id)).toBe(0)
    expect(count('users', 'chapter_id', doomed.id)).toBe(0)
    expect(count('sessions', 'user_id', doomed.personId)).toBe(0)
    for (const [table, column] of [
      ['events', 'owner_id'],
      ['excom_members', 'chapter_id'],
      ['chapter_info', 'chapter_id'],
    ] as const) {
      expect(count(table, column, doomed.id)).toBe(0)
    }
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401)
    expect((await call(app, 'GET', `/api/chapters/${doomed.slug}`)).status).toBe(404)
    expect((await call(app, 'DELETE', `/api/users/${doomed.slug}`, { token: adminToken })).status).toBe(404)
    // Nothing of another chapter went with it.
    expect(count('events', 'owner_id', bystander.id)).toBe(1)
    expect((await call(app, 'GET', '/api/auth/me', { token: other.token })).status).toBe(200)
  })
})
