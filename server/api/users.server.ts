import express, { type Router } from 'express'
import { toChapterAccountDto } from '../../db/dto'
import {
  countChapterContent,
  createAccount,
  deleteChapterAccount,
  findChapterBySlug,
  isEmailTaken,
  listChapterAccountsPage,
  updateAccount,
} from '../../db/queries/accounts.server'
import { changedFields, logActivity, withActivity } from '../../db/queries/activity.server'
import { deleteSessionsOfAccount } from '../../db/queries/sessions.server'
import { deleteToTrash } from '../../db/queries/trash.server'
import {
  chapterAccountInputSchema,
  chapterAccountUpdateSchema,
  chapterSortFields,
  listQuerySchema,
} from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { isCommonPassword, TOO_COMMON } from '../auth/common-passwords.server'
import { hashPassword } from '../auth/password.server'
import { adminOnly, callerOf } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { ApiError, conflictOnDuplicate } from './errors.server'
import { found, INVALID_INPUT, readJson, readQuery, readSlug } from './input.server'
import { trashed } from './trash.server'

const chapterListQuery = listQuerySchema(chapterSortFields)
const EMAIL_TAKEN = 'An account with this email address already exists.'

/** The common-password rule of decisions §12; the length rules are in the shared schema. */
function refuseCommonPassword(password: string | undefined): void {
  if (password && isCommonPassword(password)) {
    throw new ApiError(400, INVALID_INPUT, {
      password: `This password ${TOO_COMMON}`,
    })
  }
}

function refuseTakenEmail(taken: boolean): void {
  if (taken) throw new ApiError(409, EMAIL_TAKEN)
}

/** Chapter accounts, managed by administrators only (decisions §10, §13, §15). */
export function createUsersRouter({ db }: AppContext): Router {
  const router = express.Router()
  router.use(adminOnly)
  const loadChapter = (req: express.Request) => found(findChapterBySlug(db, readSlug(req)), 'Chapter')

  router.get('/', (req, res) => {
    const { rows, total } = listChapterAccountsPage(db, readQuery(req, chapterListQuery))
    const chapters = rows.map(({ account, counts }) => toChapterAccountDto(account, counts))
    res.json({ success: true, chapters, total })
  })

  router.post('/', async (req, res) => {
    const { password, ...input } = readJson(req, chapterAccountInputSchema)
    refuseCommonPassword(password)
    refuseTakenEmail(isEmailTaken(db, input.email))
    const passwordHash = await hashPassword(password)
    const account = conflictOnDuplicate(
      () =>
        withActivity(
          db,
          (tx) => createAccount(tx, { ...input, role: 'chapter', passwordHash }),
          (created) => ({
            actor: actorOf(callerOf(res)),
            action: 'create',
            type: 'chapter',
            itemId: created.id,
            itemTitle: created.name,
            chapterId: created.id,
          }),
        ),
      EMAIL_TAKEN,
    )
    res.status(201).json({
      success: true,
      message: 'Chapter added',
      chapter: toChapterAccountDto(account, { eventCount: 0, memberCount: 0 }),
    })
  })

  router.put('/:slug', async (req, res) => {
    const chapter = loadChapter(req)
    const { password, ...input } = readJson(req, chapterAccountUpdateSchema)
    refuseCommonPassword(password)
    refuseTakenEmail(isEmailTaken(db, input.email, chapter.id))
    const passwordHash = password ? await hashPassword(password) : undefined
    const updated = conflictOnDuplicate(
      () =>
        db.transaction((tx) => {
          const account = updateAccount(tx, chapter.id, { ...input, passwordHash })
          // A new password ends every session of the account at once (decisions §11).
          if (passwordHash) deleteSessionsOfAccount(tx, chapter.id)
          if (account)
            logActivity(tx, {
              actor: actorOf(callerOf(res)),
              action: 'update',
              type: 'chapter',
              itemId: account.id,
              itemTitle: account.name,
              chapterId: account.id,
              // The log says a password was set, never which (the hash is left out by changedFields).
              details: {
                ...changedFields(chapter, account),
                ...(passwordHash ? { note: 'A new password was set.' } : {}),
              },
            })
          return account
        }),
      EMAIL_TAKEN,
    )
    res.json({
      success: true,
      message: 'Chapter updated',
      chapter: toChapterAccountDto(found(updated, 'Chapter'), countChapterContent(db, chapter.id)),
    })
  })

  router.delete('/:slug', (req, res) => {
    const chapter = loadChapter(req)
    // Its officers' sessions end with it; a restore brings back the chapter, not the sessions.
    const { result, trashItem } = deleteToTrash(
      db,
      {
        type: 'chapter',
        itemId: chapter.id,
        title: chapter.name,
        chapterId: chapter.id,
        actor: actorOf(callerOf(res)),
      },
      (tx) => deleteChapterAccount(tx, chapter.id),
    )
    const deleted = found(result, 'Chapter')
    res.json({ success: true, message: 'Chapter deleted', deleted, ...trashed(trashItem) })
  })

  return router
}
