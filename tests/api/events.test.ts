import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SIZE_MAX } from '#db/list-params'
import { createContactMessage } from '#db/queries/contact.server'
import { createEvent } from '#db/queries/events.server'
import { eventTypes } from '#db/schema-enums'
import { addAccount, call, signIn, validEvent } from '../support/api'
import { startTestApp, type TestApp } from '../support/test-app'

let app: TestApp
let tokenA: string
let tokenB: string
let tokenAdmin: string
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SCALE: '100' } })
  await addAccount(app.db, { name: 'Events A', email: 'events-a@example.org' })
  await addAccount(app.db, { name: 'Events B', email: 'events-b@example.org' })
  await addAccount(app.db, { role: 'admin', name: 'Admin', email: 'events-admin@example.org' })
  tokenA = (await signIn(app, 'events-a@example.org')).token
  tokenB = (await signIn(app, 'events-b@example.org')).token
  tokenAdmin = (await signIn(app, 'events-admin@example.org')).token
})
afterAll(() => app.close())

const ID = /^[0-9a-f]{24}$/
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe('events', () => {
  it('GET /api/events answers { success, events, total }, empty at first', async () => {
    const answer = await call(app, 'GET', '/api/events')
    expect(answer).toMatchObject({ status: 200, body: { success: true, events: [], total: 0 } })
  })

  it('POST, GET, PUT and DELETE one event, with _id and the fields of docs/product.md#entities', async () => {
    const input = validEvent({ title: 'Lifecycle', fees: 150.5 })
    const created = await call(app, 'POST', '/api/events', { token: tokenA, json: input })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      success: true,
      message: 'Event added',
      event: {
        _id: expect.stringMatching(ID),
        ...input,
        chapter: { name: 'Events A', slug: 'events-a' },
        type: null,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        // Without registration on this site (docs/product.md#registration): off, no seats.
        registration: expect.objectContaining({ enabled: false }),
        seatsLeft: null,
      },
    })
    const id = created.body.event._id
    expect(created.body.event).not.toHaveProperty('ownerId')

    const read = await call(app, 'GET', `/api/events/${id}`)
    expect(read).toMatchObject({ status: 200, body: { success: true, event: created.body.event } })

    const changes = validEvent({
      title: 'Lifecycle, moved',
      eventDate: '2027-01-15',
      registrationMethod: 'Offline',
    })
    const updated = await call(app, 'PUT', `/api/events/${id}`, { token: tokenA, json: changes })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      success: true,
      message: 'Event updated',
      event: { _id: id, ...changes },
    })
    expect(updated.body.event.updatedAt >= created.body.event.updatedAt).toBe(true)

    const deleted = await call(app, 'DELETE', `/api/events/${id}`, { token: tokenA })
    expect(deleted).toMatchObject({
      status: 200,
      body: { success: true, message: 'Event deleted', event: { _id: id } },
    })
    const gone = await call(app, 'GET', `/api/events/${id}`)
    expect(gone).toMatchObject({ status: 404, body: { success: false, message: 'Event not found.' } })
    const notFound = { status: 404, body: { success: false, message: 'Event not found.' } }
    expect(await call(app, 'PUT', `/api/events/${id}`, { token: tokenA, json: changes })).toMatchObject(
      notFound,
    )
    expect(await call(app, 'DELETE', `/api/events/${id}`, { token: tokenA })).toMatchObject(notFound)
  })

  it('an administrator changes any event; myevents lists the own events of a chapter and all for an admin', async () => {
    const ofA = (
      await call(app, 'POST', '/api/events', { token: tokenA, json: validEvent({ title: 'Of A' }) })
    ).body.event
    const ofB = (
      await call(app, 'POST', '/api/events', { token: tokenB, json: validEvent({ title: 'Of B' }) })
    ).body.event
    const mine = await call(app, 'GET', '/api/events/myevents', { token: tokenA })
    expect(mine.body.events.map((event: { _id: string }) => event._id)).toContain(ofA._id)
    expect(mine.body.events.map((event: { _id: string }) => event._id)).not.toContain(ofB._id)
    expect(mine.body.total).toBe(mine.body.events.length)
    const all = await call(app, 'GET', '/api/events/myevents', { token: tokenAdmin })
    expect(all.body.events.map((event: { _id: string }) => event._id)).toEqual(
      expect.arrayContaining([ofA._id, ofB._id]),
    )
    const edited = await call(app, 'PUT', `/api/events/${ofB._id}`, {
      token: tokenAdmin,
      json: validEvent({ title: 'Edited by admin' }),
    })
    expect(edited.body.event.title).toBe('Edited by admin')
    const refused = await call(app, 'DELETE', `/api/events/${ofB._id}`, { token: tokenA })
    expect(refused).toMatchObject({
      status: 403,
      body: { success: false, message: 'You can only delete your own events.' },
    })
  })

  it('refuses an end before the start, on POST and PUT, with a field error on endTime', async () => {
    const refused = {
      status: 400,
      body: {
        success: false,
        errors: { endTime: 'Ending time must not be before the starting time' },
      },
    }
    const early = validEvent({ title: 'Backwards', startTime: '14:00', endTime: '13:59' })
    expect(await call(app, 'POST', '/api/events', { token: tokenA, json: early })).toMatchObject(refused)
    // The check runs beside the other fields' checks: a form shows every error at once.
    const both = await call(app, 'POST', '/api/events', { token: tokenA, json: { ...early, title: '' } })
    expect(Object.keys(both.body.errors).sort()).toEqual(['endTime', 'title'])
    const kept = await call(app, 'POST', '/api/events', {
      token: tokenA,
      json: validEvent({ title: 'Same minute', startTime: '14:00', endTime: '14:00' }),
    })
    expect(kept.status).toBe(201)
    const id = kept.body.event._id
    expect(
      await call(app, 'PUT', `/api/events/${id}`, {
        token: tokenA,
        json: { ...early, title: 'Same minute' },
      }),
    ).toMatchObject(refused)
    expect((await call(app, 'GET', `/api/events/${id}`)).body.event.endTime).toBe('14:00')
  })

  it('an administrator picks the hosting chapter (chapterSlug) or the branch (null); an officer only their own', async () => {
    const atA = await call(app, 'POST', '/api/events', {
      token: tokenAdmin,
      json: validEvent({ title: 'Hosted by A', chapterSlug: 'events-a' }),
    })
    expect(atA).toMatchObject({
      status: 201,
      body: { event: { chapter: { name: 'Events A', slug: 'events-a' } } },
    })
    expect(atA.body.event).not.toHaveProperty('chapterSlug')
    // The chapter's officers own it now: they list, change and delete it.
    const mine = await call(app, 'GET', '/api/events/myevents?q=Hosted%20by%20A', { token: tokenA })
    expect(mine.body.events.map((event: { _id: string }) => event._id)).toEqual([atA.body.event._id])
    const own = await call(app, 'GET', '/api/events/myevents?q=Hosted%20by%20A', { token: tokenAdmin })
    expect(own.body.events[0].chapter).toEqual({ name: 'Events A', slug: 'events-a' })

    const branch = await call(app, 'POST', '/api/events', {
      token: tokenAdmin,
      json: validEvent({ title: 'The branch' }),
    })
    expect(branch.body.event.chapter).toBeNull()
    const moved = await call(app, 'PUT', `/api/events/${branch.body.event._id}`, {
      token: tokenAdmin,
      json: validEvent({ title: 'The branch, moved', chapterSlug: 'events-b' }),
    })
    expect(moved.body.event.chapter).toEqual({ name: 'Events B', slug: 'events-b' })
    // Left out, an update keeps the chapter; null gives the event back to the branch.
    const kept = await call(app, 'PUT', `/api/events/${branch.body.event._id}`, {
      token: tokenAdmin,
      json: validEvent({ title: 'The branch, kept' }),
    })
    expect(kept.body.event.chapter).toEqual({ name: 'Events B', slug: 'events-b' })
    const back = await call(app, 'PUT', `/api/events/${branch.body.event._id}`, {
      token: tokenAdmin,
      json: validEvent({ title: 'The branch again', chapterSlug: null }),
    })
    expect(back.body.event.chapter).toBeNull()
    const log = await call(app, 'GET', `/api/activity?item=${branch.body.event._id}&action=update`, {
      token: tokenAdmin,
    })
    expect(
      log.body.entries.map((entry: { details: { chapter?: unknown } }) => entry.details.chapter),
    ).toEqual([['Events B', 'Branch'], undefined, ['Branch', 'Events B']])

    const unknown = await call(app, 'POST', '/api/events', {
      token: tokenAdmin,
      json: validEvent({ chapterSlug: 'no-such-chapter' }),
    })
    expect(unknown).toMatchObject({
      status: 400,
      body: { errors: { chapterSlug: 'No chapter has this slug' } },
    })
    expect(
      await call(app, 'POST', '/api/events', {
        token: tokenA,
        json: validEvent({ chapterSlug: 'events-b' }),
      }),
    ).toMatchObject({ status: 403, body: { message: 'You can only add events to your own chapter.' } })
    expect(
      await call(app, 'POST', '/api/events', { token: tokenA, json: validEvent({ chapterSlug: null }) }),
    ).toMatchObject({ status: 403 })
    const ownSlug = await call(app, 'POST', '/api/events', {
      token: tokenA,
      json: validEvent({ title: 'Named my own', chapterSlug: 'events-a' }),
    })
    expect(ownSlug.status).toBe(201)
    expect(
      await call(app, 'PUT', `/api/events/${ownSlug.body.event._id}`, {
        token: tokenA,
        json: validEvent({ chapterSlug: 'events-b' }),
      }),
    ).toMatchObject({ status: 403, body: { message: 'You can only move events to your own chapter.' } })
  })

  it('stores script- and SQL-shaped text verbatim and answers it verbatim', async () => {
    const hostile = validEvent({
      title: `<script>alert("x")</script>`,
      host: `Robert'); DROP TABLE events;--`,
      location: `" OR 1=1 --`,
      description: `<img src=x onerror=alert(1)>\n%' UNION SELECT password_hash FROM accounts --\n😀 ünïcödé`,
    })
    const created = await call(app, 'POST', '/api/events', { token: tokenA, json: hostile })
    expect(created.status).toBe(201)
    const read = await call(app, 'GET', `/api/events/${created.body.event._id}`)
    expect(read.body.event).toMatchObject(hostile)
    expect((await call(app, 'GET', '/api/events')).status).toBe(200)
  })
})

describe('event type', () => {
  it('is optional: left out or null it is null, one of the six types it is kept, anything else is a 400', async () => {
    const omitted = await call(app, 'POST', '/api/events', { token: tokenA, json: validEvent() })
    expect(omitted.body.event.type).toBeNull()
    for (const type of eventTypes) {
      const typed = await call(app, 'POST', '/api/events', { token: tokenA, json: validEvent({ type }) })
      expect(typed).toMatchObject({ status: 201, body: { event: { type } } })
    }
    const cleared = await call(app, 'PUT', `/api/events/${omitted.body.event._id}`, {
      token: tokenA,
      json: validEvent({ type: null }),
    })
    expect(cleared).toMatchObject({ status: 200, body: { event: { type: null } } })
    for (const type of ['workshop', 'Party', '', 3, ['Workshop']]) {
      const refused = await call(app, 'POST', '/api/events', {
        token: tokenA,
        json: { ...validEvent(), type },
      })
      expect(refused).toMatchObject({
        status: 400,
        body: {
          success: false,
          errors: { type: 'Type must be one of Seminar, Webinar, Workshop, Competition, Meetup, Other' },
        },
      })
    }
  })

  it('filters the lists: ?type=Workshop on the public list and on myevents; an unknown type is a 400', async () => {
    const title = 'Type filter workshop'
    await call(app, 'POST', '/api/events', { token: tokenB, json: validEvent({ title, type: 'Workshop' }) })
    await call(app, 'POST', '/api/events', { token: tokenB, json: validEvent({ title, type: 'Seminar' }) })
    const pub = await call(app, 'GET', `/api/events?type=Workshop&q=${encodeURIComponent(title)}`)
    expect(pub.body.events.map((event: { type: string }) => event.type)).toEqual(['Workshop'])
    expect(pub.body.total).toBe(1)
    const mine = await call(app, 'GET', '/api/events/myevents?type=Seminar', { token: tokenB })
    expect(mine.body.events.map((event: { type: string }) => event.type)).toEqual(['Seminar'])
    expect(await call(app, 'GET', '/api/events?type=Party')).toMatchObject({
      status: 400,
      body: { errors: { type: expect.stringMatching(/^type must be one of Seminar/) } },
    })
  })

  it('an empty date or time says it is required; a date in another format names the format', async () => {
    const empty = await call(app, 'POST', '/api/events', {
      token: tokenA,
      json: validEvent({ eventDate: '', startTime: '', endTime: '' }),
    })
    expect(empty.body.errors).toEqual({
      eventDate: 'Event date is required',
      startTime: 'Starting time is required',
      endTime: 'Ending time is required',
    })
    const wrong = await call(app, 'POST', '/api/events', {
      token: tokenA,
      json: validEvent({ eventDate: '07/12/2026', startTime: '9am' }),
    })
    expect(wrong.body.errors).toEqual({
      eventDate: 'Event date must be a real date as YYYY-MM-DD',
      startTime: 'Starting time must be a time as HH:MM',
    })
  })
})

describe('event lists: page, pageSize, sort, q and total', () => {
  let owner: string
  beforeAll(async () => {
    const account = await addAccount(app.db, { name: 'List Owner', email: 'list-owner@example.org' })
    owner = (await signIn(app, account.email)).token
    const rows = [
      ['banana fair', '2026-03-01', '09:00', 30],
      ['Apple day', '2026-03-01', '18:00', 0],
      ['cherry talk', '2025-12-24', '10:00', 500],
      ['date night', '2026-07-04', '20:00', 10],
      ['Elder 100% off', '2024-01-01', '08:00', 5],
    ] as const
    for (const [title, eventDate, startTime, fees] of rows) {
      await call(app, 'POST', '/api/events', {
        token: owner,
        json: validEvent({ title, eventDate, startTime, endTime: '23:00', fees, location: 'Sylhet' }),
      })
    }
  })
  const titles = async (query: string) => {
    const answer = await call(app, 'GET', `/api/events/myevents?${query}`, { token: owner })
    expect(answer.status).toBe(200)
    return {
      titles: answer.body.events.map((event: { title: string }) => event.title),
      total: answer.body.total,
    }
  }

  it('without parameters: the first page at the largest size, newest first by date and start time', async () => {
    expect(await titles('')).toEqual({
      titles: ['date night', 'Apple day', 'banana fair', 'cherry talk', 'Elder 100% off'],
      total: 5,
    })
  })

  it('pages with page and pageSize; total counts every match', async () => {
    expect(await titles('page=2&pageSize=2')).toEqual({ titles: ['banana fair', 'cherry talk'], total: 5 })
    expect(await titles('page=3&pageSize=2')).toEqual({ titles: ['Elder 100% off'], total: 5 })
    expect(await titles('page=9&pageSize=2')).toEqual({ titles: [], total: 5 })
    expect((await titles('page=1')).titles).toHaveLength(5)
  })

  it('sorts by any allowed field, ascending or descending, text ignoring case', async () => {
    expect((await titles('sort=title')).titles).toEqual([
      'Apple day',
      'banana fair',
      'cherry talk',
      'date night',
      'Elder 100% off',
    ])
    expect((await titles('sort=-fees')).titles).toEqual([
      'cherry talk',
      'banana fair',
      'date night',
      'Elder 100% off',
      'Apple day',
    ])
    expect((await titles('sort=eventDate&pageSize=2')).titles).toEqual(['Elder 100% off', 'cherry talk'])
  })

  it('searches title, host and location; % and _ are plain characters', async () => {
    expect(await titles('q=AN')).toEqual({ titles: ['banana fair'], total: 1 })
    expect((await titles('q=sylhet')).total).toBe(5)
    expect(await titles('q=100%25')).toEqual({ titles: ['Elder 100% off'], total: 1 })
    expect((await titles('q=_')).total).toBe(0)
    expect(await titles('q=a&sort=title&pageSize=2')).toEqual({
      titles: ['Apple day', 'banana fair'],
      total: 5,
    })
  })

  it('the public list takes the same parameters', async () => {
    const answer = await call(app, 'GET', '/api/events?q=cherry&pageSize=1')
    expect(answer.body).toMatchObject({ success: true, total: 1, events: [{ title: 'cherry talk' }] })
  })
})

describe('the public list is kept until the data changes', () => {
  it('a write, through the API or straight into the database, shows on the next request', async () => {
    const path = '/api/events?q=kept-answer&page=1&pageSize=5'
    const first = await call(app, 'GET', path)
    expect(first.body).toMatchObject({ success: true, events: [], total: 0 })
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8')
    await call(app, 'POST', '/api/events', { token: tokenA, json: validEvent({ title: 'kept-answer one' }) })
    expect((await call(app, 'GET', path)).body.total).toBe(1)
    const owner = await addAccount(app.db, { name: 'Kept Owner', email: 'kept-owner@example.org' })
    createEvent(app.db, owner.id, { ...validEvent(), title: 'kept-answer two' })
    const third = await call(app, 'GET', path)
    expect(third.body.total).toBe(2)
    expect(third.body.events.map((event: { title: string }) => event.title).sort()).toEqual([
      'kept-answer one',
      'kept-answer two',
    ])
  })
})

describe('bounded list answers', () => {
  let owner: string
  beforeAll(async () => {
    const account = await addAccount(app.db, { name: 'Many Events', email: 'many-events@example.org' })
    owner = (await signIn(app, account.email)).token
    app.db.transaction((tx) => {
      for (let i = 0; i < PAGE_SIZE_MAX + 5; i++) {
        createEvent(tx, account.id, { ...validEvent(), title: `Bulk ${i}` })
        createContactMessage(tx, { name: `Bulk ${i}`, email: `bulk${i}@example.org`, message: 'Hello.' })
      }
    })
  })

  it('an unpaged list answers its first page at the largest size, with the total', async () => {
    const mine = await call(app, 'GET', '/api/events/myevents', { token: owner })
    expect(mine.status).toBe(200)
    expect(mine.body.events).toHaveLength(PAGE_SIZE_MAX)
    expect(mine.body.total).toBe(PAGE_SIZE_MAX + 5)
    const everyone = await call(app, 'GET', '/api/events')
    expect(everyone.body.events).toHaveLength(PAGE_SIZE_MAX)
    expect(everyone.body.total).toBeGreaterThan(PAGE_SIZE_MAX)
    const contacts = await call(app, 'GET', '/api/contact', { token: tokenAdmin })
    expect(contacts.body.contacts).toHaveLength(PAGE_SIZE_MAX)
    expect(contacts.body.total).toBe(PAGE_SIZE_MAX + 5)
  })

  it('the rest is one page further; no page is longer than the maximum', async () => {
    const second = await call(app, 'GET', `/api/events/myevents?page=2&pageSize=${PAGE_SIZE_MAX}`, {
      token: owner,
    })
    expect(second.body.events).toHaveLength(5)
    const tooLong = await call(app, 'GET', `/api/events/myevents?pageSize=${PAGE_SIZE_MAX + 1}`, {
      token: owner,
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors).toHaveProperty('pageSize')
  })
})
