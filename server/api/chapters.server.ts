import express, { type Router } from 'express'
import { toChapterInfoDto } from '#db/dto'
import { findChapterById } from '#db/queries/accounts.server'
import { changedFields } from '#db/queries/activity.server'
import {
  createChapterInfo,
  findChapterInfo,
  findChapterInfoById,
  updateChapterInfo,
} from '#db/queries/chapter-info.server'
import { getChapterLanding } from '#db/queries/chapters.server'
import { chapterInfoInputSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { conflictOnDuplicate } from '../errors.server'
import { chapterOnly, officerOf, requirePermission } from '../policy/require.server'
import { itemOf, recordChange } from '../services/activity.server'
import { found, readId, readJson, readSlug } from './input.server'

const ALREADY_SAVED = 'Your chapter info already exists: update it instead.'

/** Chapter info (one per chapter, docs/decisions/016-chapter-info-and-video.md) for its chapter, and the public landing data by slug. */
export function createChaptersRouter({ db }: AppContext): Router {
  const router = express.Router()

  /** The name of the chapter: what entries about its info are titled. */
  const chapterNameOf = (chapterId: string) => found(findChapterById(db, chapterId), 'Chapter').name

  router.get('/', chapterOnly, (req, res) => {
    const info = findChapterInfo(db, officerOf(req).chapterId)
    res.json({ success: true, chapter: info ? toChapterInfoDto(info) : null })
  })

  router.post('/', chapterOnly, (req, res) => {
    const principal = officerOf(req)
    const input = readJson(req, chapterInfoInputSchema)
    const chapterName = chapterNameOf(principal.chapterId)
    // One per chapter: the unique index on chapter_id refuses a second one.
    const info = conflictOnDuplicate(
      () =>
        recordChange(
          db,
          principal,
          (tx) => createChapterInfo(tx, principal.chapterId, input),
          (created) => ({
            action: 'create',
            item: itemOf.info(created, chapterName),
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
    const principal = requirePermission(req, 'update:chapter-info', info)
    const input = readJson(req, chapterInfoInputSchema)
    const chapterName = chapterNameOf(info.chapterId)
    const updated = found(
      recordChange(
        db,
        principal,
        (tx) => updateChapterInfo(tx, info.id, input),
        (after) =>
          after && {
            action: 'update',
            item: itemOf.info(after, chapterName),
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
