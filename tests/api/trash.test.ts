import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TRASH_KEEP_MS } from '#db/queries/trash.server'
import { scheduleOrphanSweeps } from '#server/uploads/orphans.server'
import {
  addAccount,
  call,
  signIn,
  snapshot,
  unique,
  uploadPicture,
  validEvent,
  validInfo,
  validMember,
} from '../support/api'
import { ensureProductionBuild } from '../support/build'
import { startTestApp, type TestApp } from '../support/test-app'

/** Deleting moves to the trash at once; restoring brings back the same rows; 30 days later they are purged. */

let app: TestApp
let admin: string
let officerA: string
let officerB: string
beforeAll(async () => {
  // Production pages, with the front cache: a delete must reach the public pages at once.
  ensureProductionBuild()
  app = await startTestApp({ pages: 'production', env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { role: 'admin', name: 'Trash Admin', email: 'trash-admin@example.org' })
  await addAccount(app.db, { name: 'Trash Chapter A', email: 'trash-a@example.org' })
  await addAccount(app.db, { name: 'Trash Chapter B', email: 'trash-b@example.org' })
  admin = (await signIn(app, 'trash-admin@example.org')).token
  officerA = (await signIn(app, 'trash-a@example.org')).token
  officerB = (await signIn(app, 'trash-b@example.org')).token
})
afterAll(() => app.close())

type Item = { _id: string; type: string; itemId: string; title: string; deletedBy: string }
const trashOf = async (token: string, query = ''): Promise<Item[]> => {
  const answer = await call(app, 'GET', `/api/trash${query}`, { token })
  expect(answer.status).toBe(200)
  expect(answer.body.total).toBeGreaterThanOrEqual(answer.body.items.length)
  return answer.body.items
}
const html = async (url: string) => (await app.request(url)).text()

describe('trash: delete, list, restore', () => {
  it('an event leaves the public lists, pages and feeds at once, and comes back with its id and fields', async () => {
    const title = unique('Trashed talk')
    const created = await call(app, 'POST', '/api/events', { token: officerA, json: validEvent({ title }) })
    const event = created.body.event
    expect(await html('/events')).toContain(title)
    expect(await html('/rss.xml')).toContain(title)

    const deleted = await call(app, 'DELETE', `/api/events/${event._id}`, { token: officerA })
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: 'Event deleted', event } })
    const trashId = deleted.body.trashId as string
    expect((await call(app, 'GET', `/api/events/${event._id}`)).status).toBe(404)
    expect(await html('/events')).not.toContain(title)
    expect(await html('/rss.xml')).not.toContain(title)
    expect(await html('/sitemap.xml')).not.toContain(event._id)
    expect(JSON.stringify((await call(app, 'GET', '/api/events')).body)).not.toContain(title)

    const [item] = (await trashOf(officerA)).filter((entry) => entry._id === trashId)
    expect(item).toMatchObject({ type: 'event', itemId: event._id, title, deletedBy: 'Trash Chapter A' })
    expect(item).not.toHaveProperty('snapshot')

    const restored = await call(app, 'POST', `/api/trash/${trashId}/restore`, { token: officerA })
    expect(restored).toMatchObject({ status: 200, body: { success: true, message: `Restored "${title}"` } })
    expect((await call(app, 'GET', `/api/events/${event._id}`)).body.event).toEqual(event)
    expect(await html('/events')).toContain(title)
    expect((await trashOf(officerA)).map((entry) => entry._id)).not.toContain(trashId)
    expect((await call(app, 'POST', `/api/trash/${trashId}/restore`, { token: officerA })).status).toBe(404)
  })

  it('a committee member and a contact message (one and in bulk) go and come back', async () => {
    const member = (
      await call(app, 'POST', '/api/excom', { token: officerA, json: validMember({ name: 'Trash Member' }) })
    ).body.member
    const deleted = await call(app, 'DELETE', `/api/excom/${member._id}`, { token: officerA })
    expect(deleted.body).toMatchObject({ success: true, message: 'Member deleted', member })
    const list = async () =>
      (await call(app, 'GET', '/api/excom', { token: officerA })).body.excoms.map((m: Item) => m._id)
    expect(await list()).not.toContain(member._id)
    await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officerA })
    expect(await list()).toContain(member._id)

    const send = async (name: string) =>
      (
        await call(app, 'POST', '/api/contact', {
          json: { name, email: 'visitor@example.org', message: 'Hello there, a question.' },
        })
      ).body.contact._id as string
    const [one, two, three] = [
      await send('Visitor One'),
      await send('Visitor Two'),
      await send('Visitor Three'),
    ]
    const inbox = async () =>
      (await call(app, 'GET', '/api/contact?pageSize=100', { token: admin })).body.contacts.map(
        (c: Item) => c._id,
      )
    const single = await call(app, 'DELETE', `/api/contact/${one}`, { token: admin })
    expect(single.body).toMatchObject({ success: true, message: 'Message deleted' })
    const bulk = await call(app, 'POST', '/api/contact/bulk', {
      token: admin,
      json: { ids: [two, three], action: 'delete' },
    })
    expect(bulk.body).toMatchObject({ success: true, message: 'Deleted 2 messages', count: 2 })
    expect(await inbox()).not.toEqual(expect.arrayContaining([one]))
    expect((await inbox()).filter((id: string) => [one, two, three].includes(id))).toEqual([])
    const titles = (await trashOf(admin, '?type=message')).map((item) => item.title)
    expect(titles).toEqual(expect.arrayContaining(['Message from Visitor One', 'Message from Visitor Two']))

    const restoreMany = await call(app, 'POST', '/api/trash/restore', {
      token: admin,
      json: { ids: [single.body.trashId, ...bulk.body.trashIds] },
    })
    expect(restoreMany).toMatchObject({ status: 200, body: { success: true, count: 3 } })
    expect(await inbox()).toEqual(expect.arrayContaining([one, two, three]))
  })

  it('a chapter takes its info, members and events, ends its sessions, and comes back whole', async () => {
    const email = `${unique('cascade')}@example.org`
    const chapter = await addAccount(app.db, { name: unique('Cascade Chapter'), email })
    const officer = (await signIn(app, email)).token
    expect((await call(app, 'POST', '/api/chapters', { token: officer, json: validInfo() })).status).toBe(201)
    const event = (await call(app, 'POST', '/api/events', { token: officer, json: validEvent() })).body.event
    await call(app, 'POST', '/api/excom', { token: officer, json: validMember() })
    const before = (await call(app, 'GET', `/api/chapters/${chapter.slug}`)).body

    const deleted = await call(app, 'DELETE', `/api/users/${chapter.slug}`, { token: admin })
    expect(deleted.body).toMatchObject({
      success: true,
      message: 'Chapter deleted',
      deleted: { eventCount: 1, memberCount: 1 },
    })
    expect((await call(app, 'GET', '/api/auth/me', { token: officer })).status).toBe(401)
    expect((await call(app, 'GET', `/api/chapters/${chapter.slug}`)).status).toBe(404)
    expect((await call(app, 'GET', `/api/events/${event._id}`)).status).toBe(404)
    expect(await html('/sitemap.xml')).not.toContain(chapter.slug)
    // The officer cannot see or restore it (their session ended; another chapter's officer is refused).
    expect(
      (await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officerB })).status,
    ).toBe(403)

    await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: admin })
    expect((await call(app, 'GET', `/api/chapters/${chapter.slug}`)).body).toEqual(before)
    expect((await call(app, 'GET', `/api/events/${event._id}`)).body.event).toEqual(event)
    // Sessions are not restored: the officer signs in again.
    expect((await call(app, 'GET', '/api/auth/me', { token: officer })).status).toBe(401)
    expect((await signIn(app, email)).token).toBeTruthy()
  })
})

describe('trash: collisions leave everything as it was', () => {
  it('a chapter whose email was taken meanwhile answers 409 until the email is free', async () => {
    const email = `${unique('taken')}@example.org`
    const chapter = await addAccount(app.db, { name: unique('Taken Chapter'), email })
    const { trashId } = (await call(app, 'DELETE', `/api/users/${chapter.slug}`, { token: admin })).body
    // Unique rules look at live rows only: the email is free again.
    const other = await addAccount(app.db, { name: unique('Newcomer'), email })
    const refused = await call(app, 'POST', `/api/trash/${trashId}/restore`, { token: admin })
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, message: expect.stringContaining('email address is used by something else') },
    })
    expect((await trashOf(admin)).map((item) => item._id)).toContain(trashId)
    expect((await call(app, 'GET', `/api/chapters/${other.slug}`)).status).toBe(200)

    await call(app, 'DELETE', `/api/users/${other.slug}`, { token: admin })
    expect((await call(app, 'POST', `/api/trash/${trashId}/restore`, { token: admin })).status).toBe(200)
    expect((await call(app, 'GET', `/api/chapters/${chapter.slug}`)).status).toBe(200)
  })

  it('an event of a deleted chapter waits for its chapter; a bulk restore is all or nothing', async () => {
    const email = `${unique('order')}@example.org`
    const chapter = await addAccount(app.db, { name: unique('Order Chapter'), email })
    const officer = (await signIn(app, email)).token
    const event = (await call(app, 'POST', '/api/events', { token: officer, json: validEvent() })).body.event
    const eventTrash = (await call(app, 'DELETE', `/api/events/${event._id}`, { token: officer })).body
      .trashId
    const chapterTrash = (await call(app, 'DELETE', `/api/users/${chapter.slug}`, { token: admin })).body
      .trashId

    const refused = await call(app, 'POST', `/api/trash/${eventTrash}/restore`, { token: admin })
    expect(refused).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('Restore the chapter first') },
    })
    // Event first then chapter fails as a whole: the chapter stays in the trash too.
    const both = await call(app, 'POST', '/api/trash/restore', {
      token: admin,
      json: { ids: [eventTrash, chapterTrash] },
    })
    expect(both.status).toBe(409)
    expect((await call(app, 'GET', `/api/chapters/${chapter.slug}`)).status).toBe(404)
    // The failing item after one that restores alone: the first is rolled back with it, nothing changed.
    const member = (await call(app, 'POST', '/api/excom', { token: officerA, json: validMember() })).body
      .member
    const memberTrash = (await call(app, 'DELETE', `/api/excom/${member._id}`, { token: officerA })).body
      .trashId
    const before = snapshot(app.db)
    const failingLast = await call(app, 'POST', '/api/trash/restore', {
      token: admin,
      json: { ids: [memberTrash, eventTrash] },
    })
    expect(failingLast).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('Restore the chapter first') },
    })
    expect(snapshot(app.db)).toEqual(before)
    expect((await trashOf(admin)).map((item) => item._id)).toContain(memberTrash)

    const ordered = await call(app, 'POST', '/api/trash/restore', {
      token: admin,
      json: { ids: [chapterTrash, eventTrash] },
    })
    expect(ordered.status).toBe(200)
    expect((await call(app, 'GET', `/api/events/${event._id}`)).status).toBe(200)
  })
})

describe('trash: who sees and does what', () => {
  it('officers see and restore only their chapter’s items; only administrators purge', async () => {
    const ofA = (await call(app, 'POST', '/api/events', { token: officerA, json: validEvent() })).body.event
    const ofB = (await call(app, 'POST', '/api/events', { token: officerB, json: validEvent() })).body.event
    const trashA = (await call(app, 'DELETE', `/api/events/${ofA._id}`, { token: officerA })).body.trashId
    const trashB = (await call(app, 'DELETE', `/api/events/${ofB._id}`, { token: officerB })).body.trashId

    const seenByA = (await trashOf(officerA)).map((item) => item._id)
    expect(seenByA).toContain(trashA)
    expect(seenByA).not.toContain(trashB)
    expect((await trashOf(admin)).map((item) => item._id)).toEqual(expect.arrayContaining([trashA, trashB]))

    expect((await call(app, 'GET', '/api/trash')).status).toBe(401)
    expect((await call(app, 'POST', `/api/trash/${trashB}/restore`, { token: officerA })).status).toBe(403)
    // Their own item with another chapter's, in either order: refused as a whole, nothing changed.
    for (const ids of [
      [trashA, trashB],
      [trashB, trashA],
    ]) {
      const before = snapshot(app.db)
      const mixed = await call(app, 'POST', '/api/trash/restore', { token: officerA, json: { ids } })
      expect(mixed).toMatchObject({ status: 403, body: { success: false } })
      expect(snapshot(app.db)).toEqual(before)
    }
    expect((await trashOf(officerA)).map((item) => item._id)).toContain(trashA)
    expect((await call(app, 'DELETE', `/api/trash/${trashA}`, { token: officerA })).status).toBe(403)
    expect((await call(app, 'GET', `/api/events/${ofB._id}`)).status).toBe(404)

    const purged = await call(app, 'DELETE', `/api/trash/${trashA}`, { token: admin })
    expect(purged.body).toMatchObject({ success: true })
    expect((await call(app, 'POST', `/api/trash/${trashA}/restore`, { token: admin })).status).toBe(404)
  })
})

describe('trash: purge after 30 days', () => {
  it('the scheduled sweep keeps items and their uploads for 30 days, then purges them and removes the uploads', async () => {
    const uploadsDir = path.join(app.ctx.env.dataDir, 'uploads')
    const banner = await uploadPicture(app, officerA, 77)
    const file = path.join(uploadsDir, banner.slice('/uploads/'.length))
    const old = new Date(Date.now() - 48 * 3_600_000)
    fs.utimesSync(file, old, old)
    const event = (await call(app, 'POST', '/api/events', { token: officerA, json: validEvent({ banner }) }))
      .body.event
    const { trashId } = (await call(app, 'DELETE', `/api/events/${event._id}`, { token: officerA })).body
    const inTrash = async () => (await trashOf(admin)).map((item) => item._id).includes(trashId)

    // The sweep the server schedules, on a clock of the test's and every few milliseconds. Its first run,
    // at start, is a minute short of 30 days: the item stays, and its banner, in use by the trash, too.
    const now = Date.now()
    let clock = now + TRASH_KEEP_MS - 60_000
    const stop = scheduleOrphanSweeps(app.db, uploadsDir, app.ctx.logger, app.ctx.env.TIME_ZONE, {
      now: () => clock,
      intervalMs: 20,
    })
    try {
      expect(await inTrash()).toBe(true)
      expect(fs.existsSync(file)).toBe(true)
      // A minute past 30 days, a later run purges the item, then removes its banner.
      clock = now + TRASH_KEEP_MS + 60_000
      await vi.waitFor(async () => expect(await inTrash()).toBe(false), { timeout: 10_000, interval: 20 })
      await vi.waitFor(() => expect(fs.existsSync(file)).toBe(false), { timeout: 10_000, interval: 20 })
    } finally {
      stop()
    }
    const purge = (await call(app, 'GET', `/api/activity?item=${event._id}&action=purge`, { token: admin }))
      .body
    expect(purge.entries).toMatchObject([{ actor: 'System', type: 'event' }])
  })
})
