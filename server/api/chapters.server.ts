import express, { type Router } from 'express'
import { toChapterInfoDto } from '../../db/dto'
import {
  createChapterInfo,
  findChapterInfo,
  findChapterInfoById,
  updateChapterInfo,
} from '../../db/queries/chapter-info.server'
import { getChapterLanding } from '../../db/queries/chapters.server'
import { chapterInfoInputSchema } from '../../db/validation'
import { callerOf, chapterOf, chapterOnly, ensureAllowed, ownsChapterRecord } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { conflictOnDuplicate } from './errors.server'
import { found, readId, readJson, readSlug } from './input.server'

const ALREADY_SAVED = 'Your chapter info already exists: update it instead.'

/** Chapter info (one per chapter, decisions §16) for its chapter, and the public landing data by slug. */
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
    const info = conflictOnDuplicate(() => createChapterInfo(db, chapterId, input), ALREADY_SAVED)
    res.status(201).json({ success: true, message: 'Chapter info added', chapter: toChapterInfoDto(info) })
  })

  router.put('/:id', chapterOnly, (req, res) => {
    const info = found(findChapterInfoById(db, readId(req)), 'Chapter info')
    ensureAllowed(ownsChapterRecord(callerOf(res), info), 'You can only change your own chapter info.')
    const updated = found(
      updateChapterInfo(db, info.id, readJson(req, chapterInfoInputSchema)),
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
