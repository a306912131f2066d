import { and, desc, eq, max } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type Revision, type RevisionItemType, revisions } from '../schema'

/** A revision as the console lists it: the snapshot stays out of the list. */
export type RevisionSummary = Pick<Revision, 'id' | 'number' | 'authorId' | 'authorName' | 'savedAt'>

/**
 * Keeps `snapshot` as the item's next revision. Call it in the transaction that saves the item, so an item
 * is never saved without its revision.
 */
export function addRevision(
  db: Queryable,
  item: { type: RevisionItemType; id: string },
  snapshot: unknown,
  author: { id: string | null; name: string },
  savedAt: Date,
): Revision {
  const last = db
    .select({ number: max(revisions.number) })
    .from(revisions)
    .where(and(eq(revisions.itemType, item.type), eq(revisions.itemId, item.id)))
    .get()
  const row: Revision = {
    id: newId(),
    itemType: item.type,
    itemId: item.id,
    number: (last?.number ?? 0) + 1,
    snapshot: JSON.stringify(snapshot),
    authorId: author.id,
    authorName: author.name,
    savedAt,
  }
  db.insert(revisions).values(row).run()
  return row
}

/** An item's revisions, newest first. */
export function listRevisions(
  db: Queryable,
  item: { type: RevisionItemType; id: string },
): RevisionSummary[] {
  return db
    .select({
      id: revisions.id,
      number: revisions.number,
      authorId: revisions.authorId,
      authorName: revisions.authorName,
      savedAt: revisions.savedAt,
    })
    .from(revisions)
    .where(and(eq(revisions.itemType, item.type), eq(revisions.itemId, item.id)))
    .orderBy(desc(revisions.number))
    .all()
}

/** One revision of the item, or undefined when the id is not one of its revisions. */
export function findRevision(
  db: Queryable,
  item: { type: RevisionItemType; id: string },
  revisionId: string,
): Revision | undefined {
  return db
    .select()
    .from(revisions)
    .where(
      and(eq(revisions.id, revisionId), eq(revisions.itemType, item.type), eq(revisions.itemId, item.id)),
    )
    .get()
}

/** Removes an item's revisions (the item is deleted; the trash keeps them in its snapshot). */
export function deleteRevisions(db: Queryable, item: { type: RevisionItemType; id: string }): void {
  db.delete(revisions)
    .where(and(eq(revisions.itemType, item.type), eq(revisions.itemId, item.id)))
    .run()
}
