import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Account, accounts, type Session, sessions } from '../schema'

export function createSession(db: Queryable, accountId: string, expiresAt: Date): Session {
  return db.insert(sessions).values({ id: newId(), accountId, expiresAt }).returning().get()
}

const liveSessionQuery = (db: Queryable) =>
  db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare()

/** Built and prepared once per connection: every signed-in request looks its session up. */
const liveSessionStatements = new WeakMap<object, ReturnType<typeof liveSessionQuery>>()

/** The session and its account, when the session exists and has not expired. */
export function findLiveSession(
  db: Queryable,
  id: string,
  now = new Date(),
): { session: Session; account: Account } | undefined {
  const client = '$client' in db ? (db.$client as object) : undefined
  let statement = client ? liveSessionStatements.get(client) : undefined
  if (!statement) {
    statement = liveSessionQuery(db)
    if (client) liveSessionStatements.set(client, statement)
  }
  // Placeholders are bound as they are: the column holds milliseconds.
  return statement.get({ id, now: now.getTime() })
}

export function deleteSession(db: Queryable, id: string): void {
  db.delete(sessions).where(eq(sessions.id, id)).run()
}

/** Ends every session of an account (password change, decisions §11). */
export function deleteSessionsOfAccount(db: Queryable, accountId: string): number {
  return db.delete(sessions).where(eq(sessions.accountId, accountId)).run().changes
}

export function deleteExpiredSessions(db: Queryable, now = new Date()): number {
  return db.delete(sessions).where(lte(sessions.expiresAt, now)).run().changes
}
