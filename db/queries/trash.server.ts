import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import {
  certificateJobs,
  certificateTemplates,
  chapterInfo,
  chapters,
  committees,
  contactMessages,
  contactReplies,
  events,
  excomMembers,
  postSlugs,
  posts,
  registrationSettings,
  registrations,
  revisions,
  type TrashItem,
  type TrashItemType,
  trash,
  users,
} from '../schema'
import type { trashSortFields } from '../validation'
import { type Actor, logActivity, purgeOldActivity, SYSTEM_ACTOR } from './activity.server'
import { purgeExpiredSpam } from './contact.server'
import { caseless, type ListOptions, type ListPage, matchingAny, selectPage, sortOrder } from './list.server'
import { withdrawPendingMails } from './outbox.server'
import { EVENT_CANCELLED_MAIL } from './registrations.server'
import { UPLOAD_URL_PREFIX } from './uploads.server'

/** How long a deleted item can be restored; the periodic sweep purges it after that. */
const TRASH_KEEP_DAYS = 30
export const TRASH_KEEP_MS = TRASH_KEEP_DAYS * 24 * 60 * 60 * 1000

/** The rows of one table an item takes with it. */
type Part = { table: string; where: SQL }
type Row = Record<string, unknown>
type Snapshot = Record<string, Row[]>

/** A restore that would break a rule of the live tables: nothing was changed. */
export class TrashRestoreConflict extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TrashRestoreConflict'
  }
}

/**
 * The rows each kind of item takes to the trash, parents first (the order they are inserted back). An
 * event takes its registration settings and registrations. A chapter takes its officers, info, committee
 * and events (with theirs); its officers' sessions end and are not kept, nor are its pending invitations
 * and reset links (new ones can be sent). A message takes its replies.
 */
function partsOf(type: TrashItemType, id: string): Part[] {
  const chapterEvents = sql`(SELECT ${events.id} FROM ${events} WHERE ${events.ownerId} = ${id})`
  switch (type) {
    case 'event':
      return [
        { table: 'events', where: eq(events.id, id) },
        { table: 'registration_settings', where: eq(registrationSettings.eventId, id) },
        { table: 'registrations', where: eq(registrations.eventId, id) },
      ]
    case 'member':
      return [{ table: 'excom_members', where: eq(excomMembers.id, id) }]
    case 'message':
      return [
        { table: 'contact_messages', where: eq(contactMessages.id, id) },
        { table: 'contact_replies', where: eq(contactReplies.messageId, id) },
      ]
    case 'post':
      // Its old slugs (still answering 301 once it is back) and its revisions.
      return [
        { table: 'posts', where: eq(posts.id, id) },
        { table: 'post_slugs', where: eq(postSlugs.postId, id) },
        { table: 'revisions', where: and(eq(revisions.itemType, 'post'), eq(revisions.itemId, id)) as SQL },
      ]
    case 'certificate-template':
      // Its certificates still queued go with it (the queue's rows name it); issued ones keep their design.
      return [
        { table: 'certificate_templates', where: eq(certificateTemplates.id, id) },
        { table: 'certificate_jobs', where: eq(certificateJobs.templateId, id) },
      ]
    case 'committee':
      // Its revisions go with it (docs/decisions/098-site-content-in-the-database.md).
      return [
        { table: 'committees', where: eq(committees.id, id) },
        {
          table: 'revisions',
          where: and(eq(revisions.itemType, 'committee'), eq(revisions.itemId, id)) as SQL,
        },
      ]
    case 'chapter':
      return [
        { table: 'chapters', where: eq(chapters.id, id) },
        { table: 'users', where: eq(users.chapterId, id) },
        { table: 'chapter_info', where: eq(chapterInfo.chapterId, id) },
        { table: 'excom_members', where: eq(excomMembers.chapterId, id) },
        { table: 'events', where: eq(events.ownerId, id) },
        { table: 'registration_settings', where: inArray(registrationSettings.eventId, chapterEvents) },
        { table: 'registrations', where: inArray(registrations.eventId, chapterEvents) },
      ]
  }
}

const UPLOAD_URL_IN_JSON = new RegExp(`"${UPLOAD_URL_PREFIX}([\\w.-]+)"`, 'g')

/** The uploaded files the rows name (any text value under /uploads/, or inside a JSON array). */
function uploadsNamedBy(snapshot: Snapshot): string[] {
  const names = new Set<string>()
  for (const rows of Object.values(snapshot))
    for (const row of rows)
      for (const value of Object.values(row))
        if (typeof value === 'string' && value.startsWith(UPLOAD_URL_PREFIX))
          names.add(value.slice(UPLOAD_URL_PREFIX.length))
        // A JSON column (a committee's members) names its photos inside.
        else if (typeof value === 'string' && value.startsWith('['))
          for (const match of value.matchAll(UPLOAD_URL_IN_JSON)) if (match[1]) names.add(match[1])
  return [...names]
}

type TrashEntry = {
  type: TrashItemType
  itemId: string
  title: string
  chapterId: string | null
  actor: Actor
  now?: Date
}

/**
 * Copies an item's rows into the trash; the caller deletes them from the live tables in the same
 * transaction, with the delete it always did (so its answer stays the same).
 */
function copyToTrash(db: Queryable, entry: TrashEntry): TrashItem {
  const snapshot: Snapshot = {}
  for (const { table, where } of partsOf(entry.type, entry.itemId)) {
    const rows = db.all<Row>(sql`SELECT * FROM ${sql.identifier(table)} WHERE ${where}`)
    if (rows.length > 0) snapshot[table] = [...(snapshot[table] ?? []), ...rows]
  }
  return db
    .insert(trash)
    .values({
      id: newId(),
      type: entry.type,
      itemId: entry.itemId,
      title: entry.title,
      chapterId: entry.chapterId,
      deletedById: entry.actor.id,
      deletedByName: entry.actor.name,
      deletedAt: entry.now ?? new Date(),
      snapshot: JSON.stringify(snapshot),
      uploads: JSON.stringify(uploadsNamedBy(snapshot)),
    })
    .returning()
    .get()
}

/**
 * Deletes an item by moving it to the trash: its rows are copied, `remove` (the delete the item always had)
 * takes them from the live tables, and the log records it, all in one transaction.
 */
export function deleteToTrash<Result>(
  db: Queryable,
  entry: TrashEntry,
  remove: (tx: Queryable) => Result,
): { result: Result; trashItem: TrashItem } {
  return db.transaction((tx) => {
    const trashItem = copyToTrash(tx, entry)
    const result = remove(tx)
    logActivity(tx, {
      actor: entry.actor,
      action: 'delete',
      type: entry.type,
      itemId: entry.itemId,
      itemTitle: entry.title,
      chapterId: entry.chapterId,
      now: entry.now,
    })
    return { result, trashItem }
  })
}

/** Restores items (all or none) and logs each restore, in one transaction. */
export function restoreFromTrash(db: Queryable, items: TrashItem[], actor: Actor): void {
  db.transaction((tx) => {
    for (const item of items) {
      restoreRows(tx, item)
      logActivity(tx, {
        actor,
        action: 'restore',
        type: item.type,
        itemId: item.itemId,
        itemTitle: item.title,
        chapterId: item.chapterId,
      })
    }
  })
}

/** Purges one item for good and logs it, in one transaction. */
export function purgeFromTrash(db: Queryable, item: TrashItem, actor: Actor, now?: Date): void {
  db.transaction((tx) => {
    tx.delete(trash).where(eq(trash.id, item.id)).run()
    logActivity(tx, {
      actor,
      action: 'purge',
      type: item.type,
      itemId: item.itemId,
      itemTitle: item.title,
      chapterId: item.chapterId,
      now,
    })
  })
}

export function findTrashItem(db: Queryable, id: string): TrashItem | undefined {
  return db.select().from(trash).where(eq(trash.id, id)).get()
}

const COLUMN_NAMES: Record<string, string> = { email: 'email address', slug: 'web address', id: 'id' }

/** Why SQLite refused a row back, in words, or undefined for an error that is not about the data. */
function conflictMessage(thrown: unknown, title: string): string | undefined {
  // Drizzle wraps the driver's error; its cause carries SQLite's code.
  const error = (thrown as { cause?: unknown })?.cause ?? thrown
  const code = (error as { code?: string })?.code
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const column = /: \w+\.(\w+)/.exec((error as Error).message)?.[1] ?? ''
    const what = COLUMN_NAMES[column] ?? column
    return `"${title}" cannot be restored: its ${what} is used by something else now. Change that first.`
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
    return `"${title}" cannot be restored while its chapter is deleted. Restore the chapter first.`
  return undefined
}

/**
 * Puts an item's rows back under their own ids and removes it from the trash. Columns a later migration
 * dropped are left out, new ones take their defaults. A collision with a live row throws
 * TrashRestoreConflict; the caller's transaction then rolls back, so nothing changed.
 */
function restoreRows(db: Queryable, item: TrashItem): void {
  const snapshot = JSON.parse(item.snapshot) as Snapshot
  for (const [table, rows] of Object.entries(snapshot)) {
    const existing = new Set(
      db
        .all<{ name: string }>(sql`SELECT name FROM pragma_table_info(${table})`)
        .map((column) => column.name),
    )
    for (const row of rows) {
      const columns = Object.keys(row).filter((column) => existing.has(column))
      try {
        db.run(
          sql`INSERT INTO ${sql.identifier(table)} (${sql.join(
            columns.map((column) => sql.identifier(column)),
            sql`, `,
          )}) VALUES (${sql.join(
            columns.map((column) => sql`${row[column]}`),
            sql`, `,
          )})`,
        )
      } catch (error) {
        const message = conflictMessage(error, item.title)
        if (message) throw new TrashRestoreConflict(message)
        throw error
      }
    }
  }
  db.delete(trash).where(eq(trash.id, item.id)).run()
  // Attendees of a restored event are not told it is off (those mails wait out the Undo).
  const eventIds = (snapshot.events ?? []).map((row) => String(row.id))
  withdrawPendingMails(db, EVENT_CANCELLED_MAIL, eventIds)
}

/**
 * The sweep's part: purges the items deleted more than TRASH_KEEP_DAYS before `now` (their uploads then
 * become orphans), each purge logged; the spam kept longer than SPAM_KEEP_DAYS (never logged, as a
 * visitor's message never is); and log entries older than their keep. Returns what it purged.
 */
export function purgeExpired(db: Queryable, now: Date): { items: number; spam: number; entries: number } {
  const expired = expiredTrashItems(db, now)
  for (const item of expired) purgeFromTrash(db, item, SYSTEM_ACTOR, now)
  return { items: expired.length, spam: purgeExpiredSpam(db, now), entries: purgeOldActivity(db, now) }
}

/** The items deleted more than TRASH_KEEP_DAYS before `now`, oldest first. */
function expiredTrashItems(db: Queryable, now: Date): TrashItem[] {
  return db
    .select()
    .from(trash)
    .where(lt(trash.deletedAt, new Date(now.getTime() - TRASH_KEEP_MS)))
    .orderBy(asc(trash.deletedAt), asc(trash.id))
    .all()
}

const trashSortKeys = {
  deletedAt: [trash.deletedAt],
  type: [trash.type],
  title: [caseless(trash.title)],
} satisfies Record<(typeof trashSortFields)[number], unknown>

/** One page of the trash, newest first; one chapter's when `chapterId` is given; `q` searches titles. */
export function listTrashPage(
  db: Queryable,
  options: ListOptions & { chapterId?: string; type?: TrashItemType },
): ListPage<TrashItem> {
  const where = and(
    options.chapterId === undefined ? undefined : eq(trash.chapterId, options.chapterId),
    options.type === undefined ? undefined : eq(trash.type, options.type),
    matchingAny([trash.title, trash.deletedByName], options.q),
  )
  const order = sortOrder(options.sort, trashSortKeys, trash.id, [desc(trash.deletedAt), desc(trash.id)])
  return selectPage(db, trash, where, order, options)
}
