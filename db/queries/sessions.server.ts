import { and, desc, eq, gt, lte, ne, not, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Chapter, chapters, type Session, sessions, type User, users } from '../schema'

/** Longest User-Agent kept: enough to name browser and system. */
const USER_AGENT_LENGTH = 300

export type NewSession = {
  userId: string
  /** The SHA-256 of the token the client holds (db/hash.server.ts); the token itself is never stored. */
  tokenHash: string
  expiresAt: Date
  userAgent?: string
  now?: Date
}

export function createSession(db: Queryable, input: NewSession): Session {
  const now = input.now ?? new Date()
  return db
    .insert(sessions)
    .values({
      id: newId(),
      tokenHash: input.tokenHash,
      userId: input.userId,
      createdAt: now,
      expiresAt: input.expiresAt,
      lastSeenAt: now,
      userAgent: (input.userAgent ?? '').slice(0, USER_AGENT_LENGTH),
    })
    .returning()
    .get()
}

/**
 * Last seen (or, never seen, created) after `since` (milliseconds, or a placeholder for them): a session
 * unused for longer than the idle timeout has ended.
 */
const usedAfter = (since: number | Placeholder): SQL =>
  sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt}) > ${since}`

const liveSessionQuery = (db: Queryable) =>
  db
    .select({ session: sessions, person: users, chapter: chapters })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(chapters, eq(chapters.id, users.chapterId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        usedAfter(sql.placeholder('activeSince')),
        eq(users.disabled, false),
      ),
    )
    .prepare()

/** Built and prepared once per connection: every signed-in request looks its session up. */
const liveSessionStatements = new WeakMap<object, ReturnType<typeof liveSessionQuery>>()

export type LiveSession = { session: Session; person: User; chapter: Chapter | null }

/**
 * The session of a token (by its hash), its person and their chapter, when the session exists, has not
 * expired, was used after `activeSince` and the person may sign in.
 */
export function findLiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  activeSince: Date,
): LiveSession | undefined {
  const client = '$client' in db ? (db.$client as object) : undefined
  let statement = client ? liveSessionStatements.get(client) : undefined
  if (!statement) {
    statement = liveSessionQuery(db)
    if (client) liveSessionStatements.set(client, statement)
  }
  // Placeholders are bound as they are: the columns hold milliseconds.
  return statement.get({ tokenHash, now: now.getTime(), activeSince: activeSince.getTime() })
}

/** How stale "last seen" may get: a signed-in request writes at most once a minute per session. */
export const LAST_SEEN_RESOLUTION_MS = 60_000

export function touchSession(db: Queryable, session: Session, now = new Date()): void {
  if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return
  db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id)).run()
}

export function deleteSession(db: Queryable, id: string): void {
  db.delete(sessions).where(eq(sessions.id, id)).run()
}

/** Ends the session of a token (by its hash), whoever's it is. */
export function deleteSessionByTokenHash(db: Queryable, tokenHash: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run()
}

/** A person's live sessions (not expired, used after `activeSince`), the most recently seen first. */
export function listSessionsOfPerson(db: Queryable, userId: string, now: Date, activeSince: Date): Session[] {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), usedAfter(activeSince.getTime())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .all()
}

/** Ends one of the person's sessions; false when they have no such session. */
export function deleteSessionOfPerson(db: Queryable, userId: string, id: string): boolean {
  return (
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
      .run().changes > 0
  )
}

/** Ends every session of a person, or every one but `exceptId`. */
export function deleteSessionsOfPerson(db: Queryable, userId: string, exceptId?: string): number {
  const where =
    exceptId === undefined
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
  return db.delete(sessions).where(where).run().changes
}

/** Forgets sessions that have expired or were not used after `activeSince`. */
export function deleteEndedSessions(db: Queryable, now: Date, activeSince: Date): number {
  return db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), not(usedAfter(activeSince.getTime()))))
    .run().changes
}
