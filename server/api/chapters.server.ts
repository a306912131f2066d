import express, { type Router } from 'express'
import { toChapterInfoDto } from '../../db/dto'
import { changedFields, withActivity } from '../../db/queries/activity.server'
import {
  createChapterInfo,
  findChapterInfo,
  findChapterInfoById,
  updateChapterInfo,
} from '../../db/queries/chapter-info.server'
import { getChapterLanding } from '../../db/queries/chapters.server'
import { chapterInfoInputSchema } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { callerOf, chapterOf, chapterOnly, ensureAllowed, ownsChapterRecord } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { conflictOnDuplicate } from './errors.server'
import { found, readId, readJson, readSlug } from './input.server'

const ALREADY_SAVED = 'Your chapter info already exists: update it instead.'

/** Chapter info (one per chapter, docs/decisions/016-chapter-info-and-video.md) for its chapter, and the public landing data by slug. */
export function createChaptersRouter({ db }: AppContext): Router {
  const router = express.Router()

  router.get('/', chapterOnly, (_req, res) => {
    const info = findChapterInfo(db, chapterOf(callerOf(res)))
    res.json({ success: true, chapter: info ? toChapterInfoDto(info) : null })
  })

  router.post('/', chapterOnly, (req, res) => {
    const chapterId = chapterOf(callerOf(res))
    const input = readJson(req, chapterInfoInputSchema)
    // One per chapter: the unique index on chapter_id refuses a second one.
    const caller = callerOf(res)
    const info = conflictOnDuplicate(
      () =>
        withActivity(
          db,
          (tx) => createChapterInfo(tx, chapterId, input),
          (created) => ({
            actor: actorOf(caller),
            action: 'create',
            type: 'info',
            itemId: created.id,
            itemTitle: caller.chapter?.name ?? '',
            chapterId,
            // Its logo, so the log can show the upload it used with it.
            details: { logo: created.logo },
          }),
        ),
      ALREADY_SAVED,
    )
    res.status(201).json({ success: true, message: 'Chapter info added', chapter: toChapterInfoDto(info) })
  })

  router.put('/:id', chapterOnly, (req, res) => {
    const info = found(findChapterInfoById(db, readId(req)), 'Chapter info')
    const caller = callerOf(res)
    ensureAllowed(ownsChapterRecord(caller, info), 'You can only change your own chapter info.')
    const input = readJson(req, chapterInfoInputSchema)
    const updated = found(
      withActivity(
        db,
        (tx) => updateChapterInfo(tx, info.id, input),
        (after) =>
          after && {
            actor: actorOf(caller),
            action: 'update',
            type: 'info',
            itemId: after.id,
            itemTitle: caller.chapter?.name ?? '',
            chapterId: after.chapterId,
            details: changedFields(info, after),
          },
      ),
      'Chapter info',
    )
    res.json({ success: true, message: 'Chapter info updated', chapter: toChapterInfoDto(updated) })
  })

  router.get('/:slug', (req, res) => {
    const landing = found(getChapterLanding(db, readSlug(req)) ?? undefined, 'Chapter')
    res.json({ success: true, ...landing })
  })

  return router
}
