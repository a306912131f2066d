import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type PersonRole, passwordResets, sessions, type User, users } from '../schema'
import { unassignContactMessagesOf } from './contact.server'
import { countWhere, matchingAny } from './list.server'

/** People: administrators and chapter officers, each signing in with their own email and password. */

export type NewPersonInput = {
  role: PersonRole
  chapterId: string | null
  name: string
  email: string
  passwordHash: string
}

export function createPerson(db: Queryable, input: NewPersonInput): User {
  return db
    .insert(users)
    .values({ id: newId(), ...input, email: input.email.toLowerCase() })
    .returning()
    .get()
}

export function findPersonByEmail(db: Queryable, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get()
}

export function findPersonById(db: Queryable, id: string): User | undefined {
  return db.select().from(users).where(eq(users.id, id)).get()
}

export function countAdministrators(db: Queryable): number {
  return countWhere(db, users, eq(users.role, 'admin'))
}

export function countOfficers(db: Queryable): number {
  return countWhere(db, users, eq(users.role, 'officer'))
}

/** Officers of one chapter (chapterId) or the administrators (null), oldest first. */
export function listPeople(db: Queryable, chapterId: string | null): User[] {
  return db
    .select()
    .from(users)
    .where(chapterId === null ? eq(users.role, 'admin') : eq(users.chapterId, chapterId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .all()
}

/**
 * People whose name or email contains `q` (case-insensitive), at most `limit`, by name: everyone when
 * `chapterId` is undefined, else the officers of that chapter.
 */
export function searchPeople(db: Queryable, q: string, limit: number, chapterId?: string): User[] {
  return db
    .select()
    .from(users)
    .where(
      and(
        chapterId === undefined ? undefined : eq(users.chapterId, chapterId),
        matchingAny([users.name, users.email], q),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit)
    .all()
}

/** Active (not disabled) people of the same group as `person` other than them: a chapter's officers, or the administrators. */
export function countOtherActivePeers(db: Queryable, person: User): number {
  const group = person.chapterId === null ? eq(users.role, 'admin') : eq(users.chapterId, person.chapterId)
  return countWhere(db, users, and(group, eq(users.disabled, false), ne(users.id, person.id)))
}

/** Disables or enables a person; disabling ends their sessions in the same transaction. */
export function setPersonDisabled(db: Queryable, id: string, disabled: boolean): User | undefined {
  return db.transaction((tx) => {
    const updated = tx
      .update(users)
      .set({ disabled, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .get()
    if (updated && disabled) tx.delete(sessions).where(eq(sessions.userId, id)).run()
    return updated
  })
}

/**
 * Removes a person; their sessions and reset links go with them (foreign keys cascade), and the messages
 * assigned to them become nobody's. Call it inside the transaction that logs the removal.
 */
export function deletePerson(db: Queryable, id: string): boolean {
  unassignContactMessagesOf(db, id)
  return db.delete(users).where(eq(users.id, id)).run().changes > 0
}

export function renamePerson(db: Queryable, id: string, name: string): User | undefined {
  return db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning().get()
}

/**
 * Sets a new password hash; every unused reset link of the person becomes void (marked used), and every
 * session except `keepSessionId` (the caller's own, for a change made while signed in) ends.
 */
export function setPassword(db: Queryable, id: string, passwordHash: string, keepSessionId?: string): void {
  db.transaction((tx) => {
    const now = new Date()
    tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id)).run()
    tx.update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)))
      .run()
    tx.delete(sessions)
      .where(
        keepSessionId === undefined
          ? eq(sessions.userId, id)
          : and(eq(sessions.userId, id), ne(sessions.id, keepSessionId)),
      )
      .run()
  })
}

export function recordSignIn(db: Queryable, id: string, at = new Date()): void {
  db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id)).run()
}
