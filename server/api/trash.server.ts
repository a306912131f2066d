import express, { type Router } from 'express'
import { toTrashItemDto } from '../../db/dto'
import {
  findTrashItem,
  listTrashPage,
  purgeFromTrash,
  restoreFromTrash,
  TRASH_KEEP_MS,
  TrashRestoreConflict,
} from '../../db/queries/trash.server'
import type { TrashItem } from '../../db/schema'
import { trashListQuerySchema, trashRestoreManySchema } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { adminOnly, callerOf, ensureAllowed, isAdmin, signedIn } from '../auth/policy.server'
import type { Caller } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { ApiError } from './errors.server'
import { found, readId, readJson, readQuery } from './input.server'

/**
 * What a delete's answer adds: the trash item's id and title, for the console's Undo toast (the answer is
 * otherwise the one the delete always gave).
 */
export const trashed = (item: TrashItem) => ({ trashId: item.id, trashTitle: item.title })

const NOT_YOURS = "You can only restore your own chapter's items."

/** Administrators may restore anything; officers what belongs to their chapter (never a chapter itself). */
function canRestore(caller: Caller, item: TrashItem): boolean {
  if (isAdmin(caller)) return true
  const chapterId = actorOf(caller).chapterId
  return item.type !== 'chapter' && chapterId !== null && item.chapterId === chapterId
}

/** Deleted events, members, messages and chapters, restorable for 30 days (db/queries/trash.server.ts). */
export function createTrashRouter({ db }: AppContext): Router {
  const router = express.Router()

  const restore = (items: TrashItem[], caller: Caller) => {
    try {
      restoreFromTrash(db, items, actorOf(caller))
    } catch (error) {
      if (error instanceof TrashRestoreConflict) throw new ApiError(409, error.message)
      throw error
    }
  }

  router.get('/', signedIn, (req, res) => {
    const caller = callerOf(res)
    const query = readQuery(req, trashListQuerySchema)
    const chapterId = isAdmin(caller) ? undefined : (actorOf(caller).chapterId ?? '')
    const { rows, total } = listTrashPage(db, { ...query, chapterId })
    res.json({ success: true, items: rows.map((item) => toTrashItemDto(item, TRASH_KEEP_MS)), total })
  })

  // The Trash page's selected rows: all restored, or none (a 409 names the first that cannot be).
  router.post('/restore', signedIn, (req, res) => {
    const caller = callerOf(res)
    const { ids } = readJson(req, trashRestoreManySchema)
    const items = [...new Set(ids)].map((id) => found(findTrashItem(db, id), 'Item'))
    for (const item of items) ensureAllowed(canRestore(caller, item), NOT_YOURS)
    restore(items, caller)
    const count = items.length
    res.json({ success: true, message: count === 1 ? 'Restored 1 item' : `Restored ${count} items`, count })
  })

  router.post('/:id/restore', signedIn, (req, res) => {
    const caller = callerOf(res)
    const item = found(findTrashItem(db, readId(req)), 'Item')
    ensureAllowed(canRestore(caller, item), NOT_YOURS)
    restore([item], caller)
    res.json({
      success: true,
      message: `Restored "${item.title}"`,
      item: toTrashItemDto(item, TRASH_KEEP_MS),
    })
  })

  router.delete('/:id', adminOnly, (req, res) => {
    const item = found(findTrashItem(db, readId(req)), 'Item')
    purgeFromTrash(db, item, actorOf(callerOf(res)))
    res.json({ success: true, message: `Deleted "${item.title}" permanently` })
  })

  return router
}
