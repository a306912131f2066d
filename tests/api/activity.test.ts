import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACTIVITY_KEEP_MS, logActivity } from '#db/queries/activity.server'
import { createLoginThrottle } from '#server/auth/login-throttle.server'
import { scheduleOrphanSweeps } from '#server/uploads/orphans.server'
import {
  type Account,
  addAccount,
  call,
  signIn,
  TEST_PASSWORD,
  unique,
  uploadPicture,
  validChapterAccount,
  validEvent,
  validInfo,
  validMember,
} from '../support/api'
import { siteClock } from '../support/site-clock'
import { startTestApp, type TestApp } from '../support/test-app'

/** Every change writes its entry in its own transaction; a refused or failed change writes none. */

let app: TestApp
let admin: string
let officer: string
let otherOfficer: string
let chapter: Account
let other: Account
let adminAccount: Account
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  adminAccount = await addAccount(app.db, {
    role: 'admin',
    name: 'Log Admin',
    email: 'log-admin@example.org',
  })
  chapter = await addAccount(app.db, { name: 'Log Chapter', email: 'log-chapter@example.org' })
  other = await addAccount(app.db, { name: 'Other Chapter', email: 'log-other@example.org' })
  admin = (await signIn(app, adminAccount.email)).token
  officer = (await signIn(app, chapter.email)).token
  otherOfficer = (await signIn(app, other.email)).token
})
afterAll(() => app.close())

type Entry = {
  _id: string
  actor: string
  actorId: string | null
  action: string
  type: string
  itemId: string | null
  itemTitle: string
  chapterId: string | null
  details: Record<string, unknown> | null
}
const entries = async (query = '', token = admin): Promise<Entry[]> => {
  const answer = await call(app, 'GET', `/api/activity${query}`, { token })
  expect(answer.status).toBe(200)
  return answer.body.entries
}
const count = () => app.db.$client.prepare('SELECT count(*) FROM activity').pluck().get() as number
/** GET /api/activity/export as CSV lines: the header, then a line per entry. */
const exportLines = async (query = '', token = admin): Promise<string[]> => {
  const csv = await app.request(`/api/activity/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(csv.status).toBe(200)
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
  return (await csv.text()).trim().split('\r\n')
}

describe('activity log: an entry for each kind of change', () => {
  it('create, update with before and after (long texts shortened), delete, restore, purge', async () => {
    const created = await call(app, 'POST', '/api/events', {
      token: officer,
      json: validEvent({ title: 'Logged' }),
    })
    const id = created.body.event._id
    const long = 'x'.repeat(500)
    await call(app, 'PUT', `/api/events/${id}`, {
      token: officer,
      json: validEvent({ title: 'Logged, renamed', description: long }),
    })
    const { trashId } = (await call(app, 'DELETE', `/api/events/${id}`, { token: officer })).body
    await call(app, 'POST', `/api/trash/${trashId}/restore`, { token: officer })
    const again = (await call(app, 'DELETE', `/api/events/${id}`, { token: officer })).body.trashId
    await call(app, 'DELETE', `/api/trash/${again}`, { token: admin })

    const log = await entries(`?item=${id}`)
    expect(log.map((entry) => entry.action)).toEqual([
      'purge',
      'delete',
      'restore',
      'delete',
      'update',
      'create',
    ])
    expect(log.map((entry) => entry.actor)).toEqual([
      'Log Admin',
      'Log Chapter',
      'Log Chapter',
      'Log Chapter',
      'Log Chapter',
      'Log Chapter',
    ])
    const update = log[4]
    expect(update?.details?.title).toEqual(['Logged', 'Logged, renamed'])
    const [before, after] = (update?.details?.description ?? []) as [string, string]
    expect(before).toBe(validEvent().description)
    expect(after.length).toBeLessThanOrEqual(120)
    expect(after.endsWith('…')).toBe(true)
    expect(update?.details).not.toHaveProperty('updatedAt')
    expect(log.every((entry) => entry.chapterId === chapter.id && entry.type === 'event')).toBe(true)
  })

  it('members, chapter info, chapters, settings, uploads, sign-in and sign-out, locks', async () => {
    const member = (await call(app, 'POST', '/api/excom', { token: officer, json: validMember() })).body
      .member
    await call(app, 'PUT', `/api/excom/${member._id}`, {
      token: officer,
      json: validMember({ designation: 'Treasurer' }),
    })
    await call(app, 'POST', '/api/chapters', { token: officer, json: validInfo() })
    expect(
      (await call(app, 'POST', '/api/users', { token: admin, json: validChapterAccount() })).status,
    ).toBe(201)
    await call(app, 'PUT', '/api/settings/notifications', {
      token: admin,
      json: { extraRecipients: ['board@example.org'] },
    })
    await uploadPicture(app, officer, 5)
    const session = await signIn(app, chapter.email)
    await call(app, 'POST', '/api/auth/logout', { token: session.token })
    // Five failures lock the sign-in (at the default limits): one entry for the lock, none per failure.
    const throttle = createLoginThrottle(app.db, 1)
    for (let attempt = 0; attempt < 8; attempt++) throttle.begin('nobody-here@example.org', '203.0.113.9')
    const kinds = new Set((await entries('?pageSize=100')).map((entry) => `${entry.action} ${entry.type}`))
    for (const kind of [
      'create member',
      'update member',
      'create info',
      'create chapter',
      'settings settings',
      'upload upload',
      'sign-in session',
      'sign-out session',
      'sign-in-locked session',
    ])
      expect(kinds).toContain(kind)
    const locks = await entries('?action=sign-in-locked')
    expect(locks.filter((entry) => entry.itemTitle === 'nobody-here@example.org')).toHaveLength(1)
    const settings = (await entries('?type=settings'))[0]
    expect(settings?.details?.extraRecipients).toEqual(['', 'board@example.org'])
  })

  it('a password change and a chapter update log no password, hash or token', async () => {
    await call(app, 'POST', '/api/auth/password', {
      token: otherOfficer,
      json: { currentPassword: TEST_PASSWORD, newPassword: 'another long password 9' },
    })
    const renamed = await addAccount(app.db, { name: 'Password Chapter', email: 'log-password@example.org' })
    await call(app, 'PUT', `/api/users/${renamed.slug}`, {
      token: admin,
      json: {
        name: 'Password Chapter',
        email: renamed.email,
        phone: '01711000000',
        password: 'a brand new password 3',
      },
    })
    const all = JSON.stringify(app.db.$client.prepare('SELECT * FROM activity').all())
    for (const secret of [
      'another long password 9',
      'a brand new password 3',
      TEST_PASSWORD,
      '$argon2',
      officer,
    ])
      expect(all).not.toContain(secret)
    expect((await entries('?action=password-changed'))[0]).toMatchObject({
      actor: 'Other Chapter',
      type: 'person',
    })
    expect((await entries(`?item=${renamed.id}&type=chapter`))[0]?.details).toMatchObject({
      phone: ['', '01711000000'],
      note: 'A new password was set.',
    })
  })
})

describe('activity log: nothing for what did not happen', () => {
  it('a refused request and a failed change write no entry', async () => {
    const event = (await call(app, 'POST', '/api/events', { token: officer, json: validEvent() })).body.event
    const before = count()
    expect((await call(app, 'DELETE', `/api/events/${event._id}`, { token: otherOfficer })).status).toBe(403)
    expect((await call(app, 'PUT', `/api/events/${event._id}`, { token: officer, json: {} })).status).toBe(
      400,
    )
    expect((await call(app, 'POST', '/api/chapters', { token: officer, json: validInfo() })).status).toBe(409)
    expect(count()).toBe(before)
  })

  it('a change that fails inside its transaction leaves no entry (the log rolls back with it)', () => {
    const before = count()
    expect(() =>
      app.db.transaction((tx) => {
        logActivity(tx, {
          actor: { id: null, name: 'Test', chapterId: null },
          action: 'create',
          type: 'event',
        })
        throw new Error('the change failed')
      }),
    ).toThrow('the change failed')
    expect(count()).toBe(before)
  })
})

describe('activity log: who sees what, filters, export, keep', () => {
  it('officers see their chapter’s entries only; anonymous callers nothing', async () => {
    const mine = await entries('?pageSize=100', officer)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((entry) => entry.chapterId === chapter.id)).toBe(true)
    expect((await call(app, 'GET', '/api/activity')).status).toBe(401)
  })

  it('filters by person, action, type and date; the CSV export is the filtered view', async () => {
    const byPerson = await entries(`?person=${chapter.personId}`)
    expect(byPerson.length).toBeGreaterThan(0)
    expect(byPerson.every((entry) => entry.actorId === chapter.personId)).toBe(true)
    // The filter's days are the site's (TIME_ZONE), not the test process's.
    const day = siteClock.today()
    expect((await entries(`?from=${day}&to=${day}&action=create&type=member`)).length).toBe(1)
    expect(await entries('?from=2000-01-01&to=2000-01-02')).toEqual([])
    const filter = `?person=${chapter.personId}&action=create`
    const [header, ...rows] = await exportLines(filter)
    expect(header).toContain('"When","Who","Action"')
    // The filtered view, row for row: an export that lost its rows (or its filter) fails here.
    const shown = await entries(`${filter}&pageSize=100`)
    expect(shown.length).toBeGreaterThan(1)
    expect(rows).toHaveLength(shown.length)
    expect(rows.every((line) => line.includes('"Log Chapter","create"'))).toBe(true)
    expect((await call(app, 'GET', '/api/activity?action=DROP TABLE', { token: admin })).status).toBe(400)
    // The filters take the log's own words only (db/schema-enums.ts).
    const unknownType = await call(app, 'GET', '/api/activity?type=no-such-type', { token: admin })
    expect(unknownType.status).toBe(400)
    expect(unknownType.body.errors).toEqual({ type: 'type is not valid' })
  })

  it("an officer's CSV export holds their chapter's entries only, the view they see", async () => {
    const mine = unique('Exported by us')
    const theirs = unique('Exported by them')
    await call(app, 'POST', '/api/events', { token: officer, json: validEvent({ title: mine }) })
    await call(app, 'POST', '/api/events', { token: otherOfficer, json: validEvent({ title: theirs }) })
    const [, ...officers] = await exportLines('', officer)
    expect(officers.some((line) => line.includes(mine))).toBe(true)
    expect(officers.filter((line) => line.includes(theirs) || line.includes('"Other Chapter"'))).toEqual([])
    const shown = await call(app, 'GET', '/api/activity?pageSize=100', { token: officer })
    expect(officers).toHaveLength(shown.body.total)
    const [, ...admins] = await exportLines('', admin)
    expect(admins.some((line) => line.includes(theirs))).toBe(true)
    expect(admins.length).toBeGreaterThan(officers.length)
  })

  it('keeps entries 400 days, then the scheduled sweep purges them', async () => {
    const name = unique('Old entry')
    const day = 24 * 3_600_000
    const now = Date.now()
    logActivity(app.db, {
      actor: { id: null, name, chapterId: null },
      action: 'create',
      type: 'event',
      now: new Date(now - 10 * day),
    })
    const kept = () =>
      app.db.$client.prepare('SELECT count(*) FROM activity WHERE actor_name = ?').pluck().get(name)
    // The sweep the server schedules, on a clock of the test's and every few milliseconds: its first run,
    // at start, is a day short of 400 days after the entry; a later run, a day past them, purges it.
    let clock = now + ACTIVITY_KEEP_MS - 11 * day
    const uploadsDir = path.join(app.ctx.env.dataDir, 'uploads')
    const stop = scheduleOrphanSweeps(app.db, uploadsDir, app.ctx.logger, app.ctx.env.TIME_ZONE, {
      now: () => clock,
      intervalMs: 20,
    })
    try {
      expect(kept()).toBe(1)
      clock = now + ACTIVITY_KEEP_MS - 9 * day
      await vi.waitFor(() => expect(kept()).toBe(0), { timeout: 10_000, interval: 20 })
    } finally {
      stop()
    }
  })
})

describe('activity log: links to items that still exist', () => {
  type Linked = Entry & { itemHref: string | null }
  const linked = async (query: string, token = admin): Promise<Linked[]> =>
    (await call(app, 'GET', `/api/activity${query}`, { token })).body.entries

  it('a live item links to its edit page for whoever may edit it; a trashed one links nowhere', async () => {
    const id = (await call(app, 'POST', '/api/events', { token: officer, json: validEvent() })).body.event._id
    const member = (await call(app, 'POST', '/api/excom', { token: officer, json: validMember() })).body
      .member._id

    expect((await linked(`?item=${id}`, officer))[0]?.itemHref).toBe(`/dashboard/events/edit-event/${id}`)
    expect((await linked(`?item=${id}`))[0]?.itemHref).toBe(`/dashboard/events/edit-event/${id}`)
    expect((await linked(`?item=${member}`, officer))[0]?.itemHref).toBe(
      `/dashboard/excom/edit-excom/${member}`,
    )
    // Administrators have no page for a committee member.
    expect((await linked(`?item=${member}`))[0]?.itemHref).toBeNull()

    await call(app, 'DELETE', `/api/events/${id}`, { token: officer })
    const afterDelete = await linked(`?item=${id}`, officer)
    expect(afterDelete.map((entry) => entry.action)).toEqual(['delete', 'create'])
    expect(afterDelete.every((entry) => entry.itemHref === null)).toBe(true)
  })

  it('a chapter links to its page for administrators, by its current slug', async () => {
    const linkedChapter = await addAccount(app.db, {
      name: 'Linked Chapter',
      email: 'log-linked@example.org',
    })
    await call(app, 'PUT', `/api/users/${linkedChapter.slug}`, {
      token: admin,
      json: { name: 'Linked Chapter', email: linkedChapter.email, phone: '01711000001' },
    })
    const log = await linked(`?item=${linkedChapter.id}&type=chapter`)
    expect(log).toHaveLength(1)
    expect(log[0]?.itemHref).toBe(`/dashboard/chapter/${linkedChapter.slug}`)
  })
})
