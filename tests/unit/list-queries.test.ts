import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateDatabase, openDatabase } from '../../db/client.server'
import { listChapterAccountsPage } from '../../db/queries/accounts.server'
import { listContactMessagesPage } from '../../db/queries/contact.server'
import { listEventsPage } from '../../db/queries/events.server'
import { listExcomPage } from '../../db/queries/excom.server'

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
  // Records the query plan of every SELECT the list functions run.
  client.prepare = ((source: string) => {
    if (/^select/i.test(source)) {
      const parameters = (source.match(/\?/g) ?? []).map(() => 'x')
      const rows = prepare(`EXPLAIN QUERY PLAN ${source}`).all(...parameters) as { detail: string }[]
      plans.push({ sql: source, plan: rows.map((row) => row.detail) })
    }
    return prepare(source)
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

describe('list queries use indexes', () => {
  it.each([
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
    ['excom members in the order added', () => listExcomPage(db, 'x', page), 'excom_members_chapter_idx'],
    ['chapters by name', () => listChapterAccountsPage(db, page), 'accounts_role_name_idx'],
  ])('%s', (_label, run, index) => {
    const plan = planOf(run)
    expect(plan.join(' | ')).toContain(`INDEX ${index}`)
    // Ties on the id may be sorted, the whole result never.
    expect(plan.some((step) => /^USE TEMP B-TREE FOR ORDER BY$/.test(step))).toBe(false)
  })

  it('counts events and members per chapter through the owner indexes', () => {
    const plan = planOf(() => listChapterAccountsPage(db, { ...page, sort: '-eventCount' })).join(' | ')
    expect(plan).toContain('SEARCH events USING COVERING INDEX events_owner_date_idx')
    expect(plan).toContain('SEARCH excom_members USING COVERING INDEX excom_members_chapter_idx')
  })
})
