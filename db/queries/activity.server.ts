import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { ACTIVITY_COUNT_CAP } from '../list-params'
import {
  type ActivityAction,
  type ActivityEntry,
  type ActivityItemType,
  activity,
  activityItemTypes,
  certificateTemplates,
  chapterInfo,
  chapters,
  contactMessages,
  events,
  excomMembers,
  posts,
} from '../schema'
import type { ListOptions, ListPage } from './list.server'
import { paged } from './list.server'

/** How long the log keeps an entry; the periodic sweep purges older ones. */
export const ACTIVITY_KEEP_DAYS = 400
export const ACTIVITY_KEEP_MS = ACTIVITY_KEEP_DAYS * 24 * 60 * 60 * 1000

/** Texts in an update's before/after are cut to this many characters. */
export const ACTIVITY_TEXT_MAX = 120

/** Fields never written to the log, whatever their value (and image bytes never reach it: images are URLs). */
const SECRET_FIELD = /password|token|hash|secret/i

/** Fields that say nothing a person changed. */
const BOOKKEEPING_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'created_at', 'updated_at'])

/** Who did something: the person of the session (a name is kept, the log outlives people). */
export type Actor = { id: string | null; name: string; chapterId: string | null }

/** Nobody signed in: a visitor's failed sign-in, or the server's own sweep. */
export const SYSTEM_ACTOR: Actor = { id: null, name: 'System', chapterId: null }

export type ActivityInput = {
  actor: Actor
  action: ActivityAction
  type: ActivityItemType
  itemId?: string | null
  itemTitle?: string
  /** The chapter the item belongs to; defaults to the actor's. */
  chapterId?: string | null
  details?: Record<string, unknown>
  now?: Date
}

/** A value as the log shows it: long texts shortened, dates as ISO text. */
function shown(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string' && value.length > ACTIVITY_TEXT_MAX)
    return `${value.slice(0, ACTIVITY_TEXT_MAX - 1)}…`
  return value
}

/** The fields an update changed, `{ field: [before, after] }`, secrets and bookkeeping left out. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const [field, value] of Object.entries(after)) {
    if (SECRET_FIELD.test(field) || BOOKKEEPING_FIELDS.has(field)) continue
    const old = before[field]
    const same =
      old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value
    if (!same) changes[field] = [shown(old), shown(value)]
  }
  return changes
}

/** Details with secret fields removed and long texts shortened. */
function cleaned(details: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(details)) {
    if (SECRET_FIELD.test(key)) continue
    clean[key] = Array.isArray(value) ? value.map(shown) : shown(value)
  }
  return clean
}

/** Writes an entry; call it inside the transaction of the change it records. */
export function logActivity(db: Queryable, input: ActivityInput): ActivityEntry {
  return db
    .insert(activity)
    .values({
      id: newId(),
      at: input.now ?? new Date(),
      actorId: input.actor.id,
      actorName: input.actor.name,
      action: input.action,
      type: input.type,
      itemId: input.itemId ?? null,
      itemTitle: input.itemTitle ?? '',
      chapterId: input.chapterId === undefined ? input.actor.chapterId : input.chapterId,
      details: input.details ? JSON.stringify(cleaned(input.details)) : null,
    })
    .returning()
    .get()
}

/**
 * Counts one more of a frequent action (check-ins at a door) in the actor's entry for the item if it was
 * written within `windowMs`, else writes a new entry: a door that lets 500 people in writes a handful of
 * entries, `{ count, firstAt, lastAt }` each, not 500. Call it inside the change's transaction.
 */
export function countInActivity(db: Queryable, input: ActivityInput, windowMs: number): void {
  const now = input.now ?? new Date()
  const recent = db
    .select({ id: activity.id, details: activity.details })
    .from(activity)
    .where(
      and(
        eq(activity.itemId, input.itemId ?? ''),
        gte(activity.at, new Date(now.getTime() - windowMs)),
        eq(activity.action, input.action),
        eq(activity.actorName, input.actor.name),
      ),
    )
    .orderBy(desc(activity.at))
    .limit(1)
    .get()
  if (recent) {
    const details = JSON.parse(recent.details ?? '{}') as { count?: number; firstAt?: string }
    db.update(activity)
      .set({
        at: now,
        details: JSON.stringify({ ...details, count: (details.count ?? 1) + 1, lastAt: now.toISOString() }),
      })
      .where(eq(activity.id, recent.id))
      .run()
    return
  }
  logActivity(db, {
    ...input,
    now,
    details: { ...input.details, count: 1, firstAt: now.toISOString(), lastAt: now.toISOString() },
  })
}

export type ActivityFilters = {
  actorId?: string
  action?: ActivityAction
  type?: ActivityItemType
  itemId?: string
  chapterId?: string
  /** Inclusive lower bound. */
  from?: Date
  /** Exclusive upper bound. */
  to?: Date
}

/**
 * One page of the log, newest first, with the filters. Each filter has an index ending in the time
 * (db/schema.ts), so a page is a walk down one index whatever the log's size; the total is counted on the
 * same index, and capped so counting a million entries does not cost a million steps.
 */
export function listActivityPage(
  db: Queryable,
  options: ListOptions & ActivityFilters,
): ListPage<ActivityEntry> {
  const where = activityWhere(options)
  const query = db
    .select()
    .from(activity)
    .where(where)
    .orderBy(desc(activity.at), desc(activity.id))
    .$dynamic()
  return { rows: paged(query, options).all(), total: countActivity(db, where) }
}

/** Every entry of the filtered view, newest first, for the CSV export (at most `limit`). */
export function exportActivity(db: Queryable, filters: ActivityFilters, limit: number): ActivityEntry[] {
  return db
    .select()
    .from(activity)
    .where(activityWhere(filters))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit)
    .all()
}

function activityWhere(filters: ActivityFilters): SQL | undefined {
  return and(
    filters.actorId === undefined ? undefined : eq(activity.actorId, filters.actorId),
    filters.action === undefined ? undefined : eq(activity.action, filters.action),
    filters.type === undefined ? undefined : eq(activity.type, filters.type),
    filters.itemId === undefined ? undefined : eq(activity.itemId, filters.itemId),
    filters.chapterId === undefined ? undefined : eq(activity.chapterId, filters.chapterId),
    filters.from === undefined ? undefined : gte(activity.at, filters.from),
    filters.to === undefined ? undefined : lt(activity.at, filters.to),
  )
}

function countActivity(db: Queryable, where: SQL | undefined): number {
  const row = db.get<{ total: number }>(
    sql`SELECT count(*) AS total FROM (SELECT 1 FROM ${activity} WHERE ${where ?? sql`1`} LIMIT ${ACTIVITY_COUNT_CAP + 1})`,
  )
  return row.total
}

/** What a link to a live item needs beyond its id: a chapter's slug, a message's sender. */
export type LiveItem = { slug?: string; email?: string }

/** The key of an item in `liveItemsOf`'s answer. */
export const itemKey = (type: ActivityItemType, id: string) => `${type}:${id}`

/**
 * Which of the entries' items still exist as live rows (a trashed or purged item has none), keyed by
 * `itemKey`. One query per type on the page, never one per entry.
 */
export function liveItemsOf(db: Queryable, entries: ActivityEntry[]): Map<string, LiveItem> {
  // Per type: the live rows among `ids`, each with what its link needs; null for a type no page shows.
  const lookups: Record<ActivityItemType, ((ids: string[]) => ({ id: string } & LiveItem)[]) | null> = {
    event: (ids) => db.select({ id: events.id }).from(events).where(inArray(events.id, ids)).all(),
    // The console's Committees page is not built yet: no link.
    committee: null,
    // The site's texts are one document that is never deleted.
    site: (ids) => ids.map((id) => ({ id })),
    member: (ids) =>
      db.select({ id: excomMembers.id }).from(excomMembers).where(inArray(excomMembers.id, ids)).all(),
    chapter: (ids) =>
      db
        .select({ id: chapters.id, slug: chapters.slug })
        .from(chapters)
        .where(inArray(chapters.id, ids))
        .all(),
    info: (ids) =>
      db
        .select({ id: chapterInfo.id, slug: chapters.slug })
        .from(chapterInfo)
        .innerJoin(chapters, eq(chapters.id, chapterInfo.chapterId))
        .where(inArray(chapterInfo.id, ids))
        .all(),
    message: (ids) =>
      db
        .select({ id: contactMessages.id, email: contactMessages.email })
        .from(contactMessages)
        .where(inArray(contactMessages.id, ids))
        .all(),
    'certificate-template': (ids) =>
      db
        .select({ id: certificateTemplates.id })
        .from(certificateTemplates)
        .where(inArray(certificateTemplates.id, ids))
        .all(),
    post: (ids) => db.select({ id: posts.id }).from(posts).where(inArray(posts.id, ids)).all(),
    // A certificate and a door link are seen in their event's pages: the log names them, no link needed.
    certificate: null,
    'door-link': null,
    person: null,
    invitation: null,
    // A registration's page is its event's Attendees page; the log names the attendee, no link needed.
    registration: null,
    session: null,
    settings: null,
    upload: null,
  }
  const live = new Map<string, LiveItem>()
  for (const type of activityItemTypes) {
    const lookup = lookups[type]
    if (!lookup) continue
    const ids = [
      ...new Set(entries.flatMap((entry) => (entry.type === type && entry.itemId ? [entry.itemId] : []))),
    ]
    if (ids.length === 0) continue
    for (const { id, ...item } of lookup(ids)) live.set(itemKey(type, id), item)
  }
  return live
}

/** Deletes entries older than ACTIVITY_KEEP_DAYS before `now`; returns how many. */
export function purgeOldActivity(db: Queryable, now: Date): number {
  return db
    .delete(activity)
    .where(lt(activity.at, new Date(now.getTime() - ACTIVITY_KEEP_MS)))
    .run().changes
}

/**
 * Runs a change and writes its log entry in one transaction: a change that fails leaves no entry, and an
 * entry never outlives a rolled back change. `entry` sees the change's result (undefined: nothing to log).
 */
export function withActivity<Result>(
  db: Queryable,
  change: (tx: Queryable) => Result,
  entry: (result: Result) => ActivityInput | undefined,
): Result {
  return db.transaction((tx) => {
    const result = change(tx)
    const input = entry(result)
    if (input) logActivity(tx, input)
    return result
  })
}
