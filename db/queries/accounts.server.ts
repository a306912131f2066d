import { and, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Account, type AccountRole, accounts } from '../schema'
import { uniqueSlug } from '../slug'

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

export function findAccountById(db: Queryable, id: string): Account | undefined {
  return db.select().from(accounts).where(eq(accounts.id, id)).get()
}

export function findChapterBySlug(db: Queryable, slug: string): Account | undefined {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.slug, slug), eq(accounts.role, 'chapter')))
    .get()
}

export function countAccounts(db: Queryable, role?: AccountRole): number {
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(accounts)
    .where(role ? eq(accounts.role, role) : undefined)
    .get()
  return row?.count ?? 0
}
