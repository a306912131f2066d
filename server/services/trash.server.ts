import type { Queryable } from '#db/client.server'
import {
  deleteToTrash,
  purgeFromTrash,
  restoreFromTrash,
  TrashRestoreConflict,
} from '#db/queries/trash.server'
import type { TrashItem, TrashItemType } from '#db/schema'
import { ApiError } from '../errors.server'
import type { Principal } from '../policy/principal.server'
import { actorOf, type Item } from './activity.server'

/**
 * Deleting to the trash and restoring from it, for a principal (docs/decisions/059-trash-with-undo.md):
 * db/queries/trash.server.ts keeps the rows and logs each move.
 */

/**
 * Deletes an item by moving it to the trash: `remove`, the delete the item always had, runs in the same
 * transaction as the copy and the log entry.
 */
export function moveToTrash<Result>(
  db: Queryable,
  principal: Principal,
  item: Item<TrashItemType> & { id: string; chapterId: string | null },
  remove: (tx: Queryable) => Result,
): { result: Result; trashItem: TrashItem } {
  const entry = { type: item.type, itemId: item.id, title: item.title, chapterId: item.chapterId }
  return deleteToTrash(db, { ...entry, actor: actorOf(principal) }, remove)
}

/**
 * What a delete's answer adds: the trash item's id and title, for the console's Undo toast (the answer is
 * otherwise the one the delete always gave).
 */
export const trashed = (item: TrashItem) => ({ trashId: item.id, trashTitle: item.title })

/** Restores the items, all or none: a 409 names the first that collides with a live row. */
export function restore(db: Queryable, principal: Principal, items: TrashItem[]): void {
  try {
    restoreFromTrash(db, items, actorOf(principal))
  } catch (error) {
    if (error instanceof TrashRestoreConflict) throw new ApiError(409, error.message)
    throw error
  }
}

/** Deletes an item from the trash for good. */
export function purge(db: Queryable, principal: Principal, item: TrashItem): void {
  purgeFromTrash(db, item, actorOf(principal))
}
