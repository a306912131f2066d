import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, migrateDatabase, openDatabase, preparedQuery } from '#db/client.server'
import { createChapterWithOfficer } from '#db/queries/accounts.server'
import { createChapterInfo } from '#db/queries/chapter-info.server'
import { createEvent, findEventById } from '#db/queries/events.server'
import { createExcomMember } from '#db/queries/excom.server'
import { chapterInfo, chapters, events, excomMembers, sessions, users } from '#db/schema'
import { freshDataDir } from '../support/server-process'

let db: Database | undefined
afterEach(() => db?.$client.close())

const open = () => {
  db = openDatabase(path.join(freshDataDir(), 'test.db'))
  return db
}

const eventFields = {
  title: 'Workshop',
  banner: '/uploads/a.webp',
  host: 'Host',
  eventDate: '2026-12-01',
  startTime: '10:00',
  endTime: '12:00',
  location: 'Dhaka',
  registrationMethod: 'Offline' as const,
  fees: 0,
  eventLink: 'https://example.org',
  description: 'About the workshop',
}

describe('database', () => {
  it('opens with WAL, foreign keys, a busy timeout and synchronous=FULL', () => {
    const client = open().$client
    expect(client.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(client.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(client.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(1000)
    expect(client.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('migrates an empty database to every table, and a second run changes nothing', () => {
    const database = open()
    migrateDatabase(database)
    const tables = () =>
      (
        database.$client
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
          .all() as {
          name: string
        }[]
      ).map((row) => row.name)
    const first = tables()
    for (const table of [
      'chapters',
      'users',
      'sessions',
      'invitations',
      'password_resets',
      'events',
      'chapter_info',
      'excom_members',
      'contact_messages',
      'login_throttle',
      'app_state',
      'outbox_mails',
    ]) {
      expect(first).toContain(table)
    }
    migrateDatabase(database)
    expect(tables()).toEqual(first)
  })

  it('deleting a chapter removes its officers, their sessions, its info, members and events', () => {
    const database = open()
    migrateDatabase(database)
    const { chapter, officer } = createChapterWithOfficer(database, {
      name: 'Test Chapter',
      email: 'c@example.org',
      passwordHash: 'x',
    })
    const { chapter: other } = createChapterWithOfficer(database, {
      name: 'Test Chapter',
      email: 'd@example.org',
      passwordHash: 'x',
    })
    expect(other.slug).toBe('test-chapter-2')
    database
      .insert(sessions)
      .values({ id: 's1', tokenHash: 'h1', userId: officer.id, expiresAt: new Date(Date.now() + 1000) })
      .run()
    createEvent(database, chapter.id, eventFields)
    createEvent(database, other.id, eventFields)
    createExcomMember(database, chapter.id, {
      name: 'A',
      designation: 'Chair',
      affiliation: 'U',
      email: 'a@example.org',
      image: '/uploads/a.webp',
    })
    createChapterInfo(database, chapter.id, {
      logo: '/uploads/l.webp',
      shortDescription: 's',
      websiteUrl: 'https://a.example.org',
      facebookUrl: 'https://facebook.com/a',
      linkedinUrl: 'https://linkedin.com/a',
      aboutUs: 'about',
    })

    database.delete(chapters).where(eq(chapters.id, chapter.id)).run()

    expect(database.select().from(sessions).all()).toHaveLength(0)
    expect(
      database
        .select()
        .from(users)
        .all()
        .map((person) => person.chapterId),
    ).toEqual([other.id])
    expect(database.select().from(chapterInfo).all()).toHaveLength(0)
    expect(database.select().from(excomMembers).all()).toHaveLength(0)
    expect(
      database
        .select()
        .from(events)
        .all()
        .map((event) => event.ownerId),
    ).toEqual([other.id])
    expect(database.$client.pragma('foreign_key_check')).toEqual([])
  })

  it('prepares a query once per connection; its transactions use that statement and see their own writes', () => {
    const database = open()
    migrateDatabase(database)
    let built = 0
    const titleOf = preparedQuery((queryable) => {
      built++
      return queryable
        .select({ title: events.title })
        .from(events)
        .where(eq(events.id, sql.placeholder('id')))
        .prepare()
    })
    const [chapter] = database.select().from(chapters).limit(1).all()
    const id = createEvent(database, chapter?.id ?? null, eventFields).id
    expect(titleOf(database).get({ id })?.title).toBe('Workshop')
    expect(() =>
      database.transaction((tx) => {
        tx.update(events).set({ title: 'Renamed' }).where(eq(events.id, id)).run()
        expect(titleOf(tx).get({ id })?.title).toBe('Renamed')
        tx.rollback()
      }),
    ).toThrow(/Rollback/)
    expect(titleOf(database).get({ id })?.title).toBe('Workshop')
    expect(built).toBe(1)
    // Another connection gets statements of its own.
    const other = openDatabase(database.$client.name)
    try {
      expect(titleOf(other).get({ id })?.title).toBe('Workshop')
      expect(findEventById(other, id)?.title).toBe('Workshop')
      expect(built).toBe(2)
    } finally {
      other.$client.close()
    }
  })

  it('refuses a row that points at no account', () => {
    const database = open()
    migrateDatabase(database)
    expect(() => createEvent(database, 'nobody', eventFields)).toThrow(/FOREIGN KEY/)
  })
})
