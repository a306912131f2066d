import express, { type Router } from 'express'
import { toTrashItemDto } from '#db/dto'
import { findTrashItem, listTrashPage, TRASH_KEEP_MS } from '#db/queries/trash.server'
import { trashListQuerySchema, trashRestoreManySchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { adminOnly, principalOf, requirePermission, signedIn } from '../policy/require.server'
import { chapterScopeOf } from '../policy/rules.server'
import type { RegistrationService } from '../services/registrations.server'
import { purge, restore } from '../services/trash.server'
import { found, readId, readJson, readQuery } from './input.server'

/** Deleted events, members, messages and chapters, restorable for 30 days (db/queries/trash.server.ts). */
export function createTrashRouter({ db }: AppContext, registrations: RegistrationService): Router {
  const router = express.Router()

  router.get('/', signedIn, (req, res) => {
    const query = readQuery(req, trashListQuerySchema)
    const { rows, total } = listTrashPage(db, { ...query, chapterId: chapterScopeOf(principalOf(req)) })
    res.json({ success: true, items: rows.map((item) => toTrashItemDto(item, TRASH_KEEP_MS)), total })
  })

  // The Trash page's selected rows: all restored, or none (a 409 names the first that cannot be).
  router.post('/restore', signedIn, (req, res) => {
    const { ids } = readJson(req, trashRestoreManySchema)
    const items = [...new Set(ids)].map((id) => found(findTrashItem(db, id), 'Item'))
    for (const item of items) requirePermission(req, 'restore:trash-item', item)
    restore(db, principalOf(req), items)
    for (const item of items) if (item.type === 'event') registrations.eventRestored(item.itemId)
    const count = items.length
    res.json({ success: true, message: count === 1 ? 'Restored 1 item' : `Restored ${count} items`, count })
  })

  router.post('/:id/restore', signedIn, (req, res) => {
    const item = found(findTrashItem(db, readId(req)), 'Item')
    restore(db, requirePermission(req, 'restore:trash-item', item), [item])
    if (item.type === 'event') registrations.eventRestored(item.itemId)
    res.json({
      success: true,
      message: `Restored "${item.title}"`,
      item: toTrashItemDto(item, TRASH_KEEP_MS),
    })
  })

  router.delete('/:id', adminOnly, (req, res) => {
    const item = found(findTrashItem(db, readId(req)), 'Item')
    purge(db, principalOf(req), item)
    res.json({ success: true, message: `Deleted "${item.title}" permanently` })
  })

  return router
}
