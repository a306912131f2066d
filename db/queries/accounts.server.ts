import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Chapter, chapterInfo, chapters, events, excomMembers, type User, users } from '../schema'
import { uniqueSlug } from '../slug'
import type { chapterSortFields } from '../validation'
import {
  caseless,
  countWhere,
  type ListOptions,
  type ListPage,
  matchingAny,
  paged,
  sortOrder,
} from './list.server'

/**
 * Chapters as `/api/users` manages them: a chapter (name, contact email, phone, slug) and its first
 * officer, who signs in with the chapter's email. Officers themselves are in people.server.ts.
 */

export type NewChapterFields = { name: string; email: string; phone?: string; createdAt?: Date }
export type NewChapterInput = NewChapterFields & { passwordHash: string }

/**
 * A chapter without officers yet (its first officer comes by invitation, or it is one of the first-run
 * chapters, docs/decisions/066-chapters-from-the-database.md): its slug from the name, its email in lower
 * case. `createdAt` orders the public list (oldest first).
 */
export function createChapter(db: Queryable, input: NewChapterFields): Chapter {
  const slug = uniqueSlug(input.name, (candidate) =>
    Boolean(db.select({ id: chapters.id }).from(chapters).where(eq(chapters.slug, candidate)).get()),
  )
  return db
    .insert(chapters)
    .values({
      id: newId(),
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? '',
      slug,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning()
    .get()
}

/** A chapter and its first officer (same email and name), in one transaction. */
export function createChapterWithOfficer(
  db: Queryable,
  input: NewChapterInput,
): { chapter: Chapter; officer: User } {
  return db.transaction((tx) => {
    const chapter = createChapter(tx, input)
    const officer = tx
      .insert(users)
      .values({
        id: newId(),
        role: 'officer',
        chapterId: chapter.id,
        name: input.name,
        email: chapter.email,
        passwordHash: input.passwordHash,
      })
      .returning()
      .get()
    return { chapter, officer }
  })
}

export function findChapterBySlug(db: Queryable, slug: string): Chapter | undefined {
  return db.select().from(chapters).where(eq(chapters.slug, slug)).get()
}

/** The chapter of that name, ignoring case (the demo content finds its first-run chapters by name). */
export function findChapterByName(db: Queryable, name: string): Chapter | undefined {
  return db.select().from(chapters).where(sql`${chapters.name} = ${name} COLLATE NOCASE`).get()
}

export function findChapterById(db: Queryable, id: string): Chapter | undefined {
  return db.select().from(chapters).where(eq(chapters.id, id)).get()
}

/** Every chapter's name and slug, by name: what the console's chapter pickers offer. */
export function listChapterNames(db: Queryable): Pick<Chapter, 'name' | 'slug'>[] {
  return db
    .select({ name: chapters.name, slug: chapters.slug })
    .from(chapters)
    .orderBy(asc(caseless(chapters.name)), asc(chapters.id))
    .all()
}

/** The named chapters' names and slugs by id (one query for a page of records that name chapters). */
export function chapterNamesById(
  db: Queryable,
  ids: readonly (string | null)[],
): Map<string, Pick<Chapter, 'name' | 'slug'>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = db
    .select({ id: chapters.id, name: chapters.name, slug: chapters.slug })
    .from(chapters)
    .where(inArray(chapters.id, wanted))
    .all()
  return new Map(rows.map(({ id, ...names }) => [id, names]))
}

export function countChapters(db: Queryable): number {
  return countWhere(db, chapters, undefined)
}

/**
 * The officer who signs in with the chapter's contact email (its first officer, as `POST /api/users`
 * made it): the one `PUT /api/users/:slug` edits along with the chapter. None once that officer is gone;
 * another officer's sign-in is never changed by editing the chapter.
 */
export function findContactOfficer(db: Queryable, chapter: Chapter): User | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.chapterId, chapter.id), eq(users.email, chapter.email)))
    .get()
}

/**
 * Whether the email belongs to a person other than `exceptPersonId`, or is the contact email of a
 * chapter other than `exceptChapterId`: one email, one account.
 */
export function isEmailTaken(
  db: Queryable,
  email: string,
  except: { personId?: string; chapterId?: string } = {},
): boolean {
  const lower = email.toLowerCase()
  const person = db
    .select({ id: users.id })
    .from(users)
    .where(
      except.personId === undefined
        ? eq(users.email, lower)
        : and(eq(users.email, lower), ne(users.id, except.personId)),
    )
    .get()
  const chapter = db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      except.chapterId === undefined
        ? eq(chapters.email, lower)
        : and(eq(chapters.email, lower), ne(chapters.id, except.chapterId)),
    )
    .get()
  return Boolean(person || chapter)
}

export type ChapterChanges = { name: string; email: string; phone: string; passwordHash?: string }

/**
 * Changes the chapter's name, email and phone (the slug stays, so links keep working) and, for its
 * contact officer, the email and optionally the password. Answers the officer whose password changed.
 */
export function updateChapter(
  db: Queryable,
  chapter: Chapter,
  changes: ChapterChanges,
): { chapter: Chapter; officer: User | undefined } | undefined {
  return db.transaction((tx) => {
    const officer = findContactOfficer(tx, chapter)
    const email = changes.email.toLowerCase()
    const updated = tx
      .update(chapters)
      .set({ name: changes.name, email, phone: changes.phone, updatedAt: new Date() })
      .where(eq(chapters.id, chapter.id))
      .returning()
      .get()
    if (!updated) return undefined
    if (officer) {
      tx.update(users)
        .set({
          email,
          ...(changes.passwordHash ? { passwordHash: changes.passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, officer.id))
        .run()
    }
    return { chapter: updated, officer }
  })
}

export type ChapterContentCounts = { eventCount: number; memberCount: number }

// Written out in full: Drizzle leaves column names unqualified in a one-table select, and an unqualified
// "id" inside the subquery would name the events' id.
const eventCount = sql<number>`(SELECT count(*) FROM events WHERE events.owner_id = chapters.id)`
const memberCount = sql<number>`(SELECT count(*) FROM excom_members WHERE excom_members.chapter_id = chapters.id)`

const chapterSortKeys = {
  name: [caseless(chapters.name)],
  email: [chapters.email],
  slug: [chapters.slug],
  createdAt: [chapters.createdAt],
  eventCount: [eventCount],
  memberCount: [memberCount],
} satisfies Record<(typeof chapterSortFields)[number], unknown>

/** Chapters by name with their event and member counts; `q` searches name, email, slug, phone. */
export function listChapterAccountsPage(
  db: Queryable,
  options: ListOptions,
): ListPage<{ chapter: Chapter; counts: ChapterContentCounts }> {
  const where = matchingAny([chapters.name, chapters.email, chapters.slug, chapters.phone], options.q)
  const order = sortOrder(options.sort, chapterSortKeys, chapters.id, [
    asc(caseless(chapters.name)),
    asc(chapters.id),
  ])
  const query = db
    .select({ chapter: chapters, eventCount, memberCount })
    .from(chapters)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  const rows = paged(query, options)
    .all()
    .map(({ chapter, ...counts }) => ({ chapter, counts }))
  return { rows, total: countWhere(db, chapters, where) }
}

export function countChapterContent(db: Queryable, chapterId: string): ChapterContentCounts {
  return {
    eventCount: countWhere(db, events, eq(events.ownerId, chapterId)),
    memberCount: countWhere(db, excomMembers, eq(excomMembers.chapterId, chapterId)),
  }
}

/**
 * Deletes a chapter with everything it owns (its officers, their sessions, its info, members and events)
 * in one transaction. The foreign keys would cascade; deleting each table explicitly says what goes and
 * counts it. Undefined when there was no chapter.
 */
export function deleteChapter(db: Queryable, id: string): ChapterContentCounts | undefined {
  return db.transaction((tx) => {
    if (!tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, id)).get()) return undefined
    // Officers go with their sessions, invitations they sent stay (invited_by set null), resets cascade.
    tx.delete(users).where(eq(users.chapterId, id)).run()
    tx.delete(chapterInfo).where(eq(chapterInfo.chapterId, id)).run()
    const memberCount = tx.delete(excomMembers).where(eq(excomMembers.chapterId, id)).run().changes
    const eventCount = tx.delete(events).where(eq(events.ownerId, id)).run().changes
    tx.delete(chapters).where(eq(chapters.id, id)).run()
    return { eventCount, memberCount }
  })
}
