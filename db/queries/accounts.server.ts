import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import {
  type Account,
  type AccountRole,
  accounts,
  chapterInfo,
  events,
  excomMembers,
  sessions,
} from '../schema'
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

export type NewAccountInput = {
  role: AccountRole
  name: string
  email: string
  phone?: string
  passwordHash: string
}

export function createAccount(db: Queryable, input: NewAccountInput): Account {
  return db.transaction((tx) => {
    const slug = uniqueSlug(input.name, (candidate) =>
      Boolean(tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, candidate)).get()),
    )
    return tx
      .insert(accounts)
      .values({
        id: newId(),
        role: input.role,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone ?? '',
        slug,
        passwordHash: input.passwordHash,
      })
      .returning()
      .get()
  })
}

export function findAccountByEmail(db: Queryable, email: string): Account | undefined {
  return db.select().from(accounts).where(eq(accounts.email, email.toLowerCase())).get()
}

export function findChapterBySlug(db: Queryable, slug: string): Account | undefined {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.slug, slug), eq(accounts.role, 'chapter')))
    .get()
}

export function countAccounts(db: Queryable, role?: AccountRole): number {
  return countWhere(db, accounts, role ? eq(accounts.role, role) : undefined)
}

/** Whether another account than `exceptId` already uses the email (emails are unique across all accounts). */
export function isEmailTaken(db: Queryable, email: string, exceptId?: string): boolean {
  const sameEmail = eq(accounts.email, email.toLowerCase())
  const where = exceptId === undefined ? sameEmail : and(sameEmail, ne(accounts.id, exceptId))
  return Boolean(db.select({ id: accounts.id }).from(accounts).where(where).get())
}

export type AccountChanges = { name: string; email: string; phone: string; passwordHash?: string }

/** Changes name, email, phone and optionally the password; the slug stays, so links to the chapter keep working. */
export function updateAccount(db: Queryable, id: string, changes: AccountChanges): Account | undefined {
  return db
    .update(accounts)
    .set({ ...changes, email: changes.email.toLowerCase(), updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning()
    .get()
}

export type ChapterContentCounts = { eventCount: number; memberCount: number }

// Written out in full: Drizzle leaves column names unqualified in a one-table select, and an unqualified
// "id" inside the subquery would name the events' id.
const eventCount = sql<number>`(SELECT count(*) FROM events WHERE events.owner_id = accounts.id)`
const memberCount = sql<number>`(SELECT count(*) FROM excom_members WHERE excom_members.chapter_id = accounts.id)`

const chapterSortKeys = {
  name: [caseless(accounts.name)],
  email: [accounts.email],
  slug: [accounts.slug],
  createdAt: [accounts.createdAt],
  eventCount: [eventCount],
  memberCount: [memberCount],
} satisfies Record<(typeof chapterSortFields)[number], unknown>

/** Chapter accounts by name with their event and member counts (decisions §15); `q` searches name, email, slug, phone. */
export function listChapterAccountsPage(
  db: Queryable,
  options: ListOptions,
): ListPage<{ account: Account; counts: ChapterContentCounts }> {
  const where = and(
    eq(accounts.role, 'chapter'),
    matchingAny([accounts.name, accounts.email, accounts.slug, accounts.phone], options.q),
  )
  const order = sortOrder(options.sort, chapterSortKeys, accounts.id, [
    asc(caseless(accounts.name)),
    asc(accounts.id),
  ])
  const query = db
    .select({ account: accounts, eventCount, memberCount })
    .from(accounts)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  const rows = paged(query, options)
    .all()
    .map(({ account, ...counts }) => ({ account, counts }))
  return { rows, total: countWhere(db, accounts, where) }
}

export function countChapterContent(db: Queryable, accountId: string): ChapterContentCounts {
  return {
    eventCount: countWhere(db, events, eq(events.ownerId, accountId)),
    memberCount: countWhere(db, excomMembers, eq(excomMembers.chapterId, accountId)),
  }
}

/**
 * Deletes a chapter with everything it owns in one transaction (decisions §15). The foreign keys would
 * cascade; deleting each table explicitly says what goes and counts it. Undefined when there was no account.
 */
export function deleteChapterAccount(db: Queryable, id: string): ChapterContentCounts | undefined {
  return db.transaction((tx) => {
    if (!tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).get()) return undefined
    tx.delete(sessions).where(eq(sessions.accountId, id)).run()
    tx.delete(chapterInfo).where(eq(chapterInfo.chapterId, id)).run()
    const memberCount = tx.delete(excomMembers).where(eq(excomMembers.chapterId, id)).run().changes
    const eventCount = tx.delete(events).where(eq(events.ownerId, id)).run().changes
    tx.delete(accounts).where(eq(accounts.id, id)).run()
    return { eventCount, memberCount }
  })
}
