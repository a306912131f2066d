import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateDatabase, openDatabase } from '#db/client.server'
import { localDaySpan } from '#db/clock'
import { listChapterAccountsPage } from '#db/queries/accounts.server'
import { listContactMessagesPage } from '#db/queries/contact.server'
import { listEventsPage } from '#db/queries/events.server'
import { listExcomPage } from '#db/queries/excom.server'
import {
  listEventSitemapEntries,
  listNewestEvents,
  listPastEvents,
  listUpcomingEvents,
} from '#db/queries/public-events.server'

/**
 * The console pages its tables 20 rows at a time with server-side sorting: the usual orders must walk an
 * index and stop after the page, never sort the whole table first.
 */

let db: Database
const plans: { sql: string; plan: string[] }[] = []
beforeAll(() => {
  db = openDatabase(':memory:')
  migrateDatabase(db)
  const client = db.$client
  const prepare = client.prepare.bind(client)
  // Records the query plan of every SELECT the list functions run, each time it runs (statements of a
  // list are prepared once and run many times).
  client.prepare = ((source: string) => {
    const statement = prepare(source)
    if (!/^select/i.test(source)) return statement
    const parameters = (source.match(/\?/g) ?? []).map(() => 'x')
    const rows = prepare(`EXPLAIN QUERY PLAN ${source}`).all(...parameters) as { detail: string }[]
    const plan = rows.map((row) => row.detail)
    const chained = new Set(['raw', 'pluck', 'expand', 'bind', 'safeIntegers'])
    const runs = new Set(['all', 'get', 'iterate', 'run'])
    const recorded: typeof statement = new Proxy(statement, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          if (runs.has(String(name))) plans.push({ sql: source, plan })
          const result = value.apply(target, args)
          return chained.has(String(name)) ? recorded : result
        }
      },
    })
    return recorded
  }) as typeof client.prepare
})
afterAll(() => db.$client.close())

function planOf(run: () => unknown): string[] {
  plans.length = 0
  run()
  const page = plans.find((entry) => /limit/i.test(entry.sql))
  return page?.plan ?? []
}

const page = { page: 3, pageSize: 20 }
const today = '2026-06-01'
const cursor = { eventDate: '2026-07-01', startTime: '10:00', id: 'x' }

/** A list, how to ask for one page of it, and the index that page must walk. */
type IndexCase = [label: string, run: () => unknown, index: string]

describe('list queries use indexes', () => {
  it.each<IndexCase>([
    ['events, newest first', () => listEventsPage(db, page), 'events_date_idx'],
    [
      'events by date, oldest first',
      () => listEventsPage(db, { ...page, sort: 'eventDate' }),
      'events_date_idx',
    ],
    ['events by title', () => listEventsPage(db, { ...page, sort: 'title' }), 'events_title_idx'],
    ["one chapter's events", () => listEventsPage(db, { ...page, ownerId: 'x' }), 'events_owner_date_idx'],
    [
      'contact messages, newest first',
      () => listContactMessagesPage(db, page),
      'contact_messages_received_idx',
    ],
    // The inbox's filters keep the newest-first order on an index.
    [
      'unread contact messages, newest first',
      () => listContactMessagesPage(db, { ...page, status: 'unread' }),
      'contact_messages_read_received_idx',
    ],
    // Read messages are most of them: the days of the range in order, the unread ones skipped.
    [
      'read contact messages received in a date range',
      () =>
        listContactMessagesPage(db, {
          ...page,
          status: 'read',
          ...localDaySpan({ from: '2026-01-01', to: '2026-01-31' }, 'Asia/Dhaka'),
        }),
      'contact_messages_received_idx',
    ],
    // Every index starts with spam: the inbox (spam = 0) and the spam (spam = 1) each walk their part.
    [
      'new contact messages, newest first',
      () => listContactMessagesPage(db, { ...page, status: 'new' }),
      'contact_messages_read_received_idx',
    ],
    [
      'spam, newest first',
      () => listContactMessagesPage(db, { ...page, status: 'spam' }),
      'contact_messages_received_idx',
    ],
    [
      "one administrator's contact messages",
      () => listContactMessagesPage(db, { ...page, assigneeId: 'x' }),
      'contact_messages_assignee_received_idx',
    ],
    [
      'unassigned contact messages',
      () => listContactMessagesPage(db, { ...page, assigneeId: null }),
      'contact_messages_assignee_received_idx',
    ],
    [
      'contact messages received in a date range',
      () =>
        listContactMessagesPage(db, {
          ...page,
          ...localDaySpan({ from: '2026-01-01', to: '2026-01-31' }, 'Asia/Dhaka'),
          q: 'hello',
        }),
      'contact_messages_received_idx',
    ],
    ['excom members in the order added', () => listExcomPage(db, 'x', page), 'excom_members_chapter_idx'],
    ['chapters by name', () => listChapterAccountsPage(db, page), 'chapters_name_idx'],
    ...(['title', 'location', 'fees', 'createdAt'] as const).flatMap((field) =>
      [field, `-${field}`].map(
        (sort): IndexCase => [
          `events by ${sort}`,
          () => listEventsPage(db, { ...page, sort }),
          `events_${{ title: 'title', location: 'location', fees: 'fees', createdAt: 'created' }[field]}_idx`,
        ],
      ),
    ),
    ...(['name', 'email', 'read'] as const).map(
      (field): IndexCase => [
        `contact messages by ${field}`,
        () => listContactMessagesPage(db, { ...page, sort: field }),
        `contact_messages_${field}_idx`,
      ],
    ),
    [
      'excom members by name',
      () => listExcomPage(db, 'x', { ...page, sort: 'name' }),
      'excom_members_chapter_name_idx',
    ],
    [
      'excom members by designation',
      () => listExcomPage(db, 'x', { ...page, sort: '-designation' }),
      'excom_members_chapter_designation_idx',
    ],
    // The public event list pages by keyset (/events?after= and ?before=), the feeds take the newest.
    ['upcoming events', () => listUpcomingEvents(db, { today, limit: 8 }), 'events_date_idx'],
    [
      'upcoming events after a cursor',
      () => listUpcomingEvents(db, { today, limit: 8, after: cursor }),
      'events_date_idx',
    ],
    ['past events', () => listPastEvents(db, { today, limit: 12 }), 'events_date_idx'],
    [
      'past events before a cursor',
      () => listPastEvents(db, { today, limit: 12, before: cursor }),
      'events_date_idx',
    ],
    ['the newest events (RSS)', () => listNewestEvents(db, 30), 'events_date_idx'],
    ['the sitemap entries', () => listEventSitemapEntries(db, 45_000), 'events_date_idx'],
  ])('%s', (_label, run, index) => {
    const plan = planOf(run)
    expect(plan.join(' | ')).toContain(`INDEX ${index}`)
    // Not even ties on the id are sorted (docs/decisions/040-list-indexes-keyset-and-totals.md): every index ends with the id.
    expect(plan.some((step) => /TEMP B-TREE/.test(step))).toBe(false)
  })

  it('a list total is counted once until the data changes, through this connection or another', () => {
    const counted = () => plans.filter((entry) => /count\(\*\)/.test(entry.sql)).length
    const total = () => listEventsPage(db, { page: 1, pageSize: 5 }).total
    plans.length = 0
    const before = total()
    const countsSoFar = counted()
    expect(countsSoFar).toBeLessThanOrEqual(1)
    expect(total()).toBe(before)
    expect(counted()).toBe(countsSoFar)
    db.$client
      .prepare("INSERT INTO chapters (id, name, email, slug) VALUES ('c1', 'C', 'c@x.org', 'c')")
      .run()
    db.$client
      .prepare(
        "INSERT INTO events (id, owner_id, title, banner, host, event_date, start_time, end_time, location, registration_method, fees, event_link, description) VALUES ('e1', 'c1', 't', 'b', 'h', '2030-01-01', '10:00', '11:00', 'l', 'Online', 0, 'https://x.org', 'd')",
      )
      .run()
    expect(total()).toBe(before + 1)
    expect(counted()).toBe(countsSoFar + 1)
    // Inside a transaction the count is always fresh: a rollback would leave the cache's version behind.
    db.$client.transaction(() => {
      db.$client.prepare("DELETE FROM events WHERE id = 'e1'").run()
      expect(total()).toBe(before)
    })()
    expect(total()).toBe(before)
  })

  it('counts events and members per chapter through the owner indexes', () => {
    const plan = planOf(() => listChapterAccountsPage(db, { ...page, sort: '-eventCount' })).join(' | ')
    expect(plan).toContain('SEARCH events USING COVERING INDEX events_owner_date_idx')
    expect(plan).toContain('SEARCH excom_members USING COVERING INDEX excom_members_chapter_idx')
  })
})
