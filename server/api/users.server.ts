import express, { type Router } from 'express'
import { toChapterAccountDto } from '#db/dto'
import {
  countChapterContent,
  createChapter,
  createChapterWithOfficer,
  deleteChapter,
  findChapterBySlug,
  findContactOfficer,
  isEmailTaken,
  listChapterAccountsPage,
  updateChapter,
} from '#db/queries/accounts.server'
import { changedFields } from '#db/queries/activity.server'
import { eventsOwnedBy } from '#db/queries/events.server'
import { findPersonByEmail } from '#db/queries/people.server'
import { deleteSessionsOfPerson } from '#db/queries/sessions.server'
import type { Chapter } from '#db/schema'
import {
  chapterAccountInputSchema,
  chapterAccountUpdateSchema,
  chapterSortFields,
  listQuerySchema,
} from '#db/validation'
import { hashPassword } from '../auth/password.server'
import type { AppContext } from '../context.server'
import { ApiError, conflictOnDuplicate } from '../errors.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { adminOnly, principalOf, sessionOf } from '../policy/require.server'
import { itemOf, recordActivity, recordChange } from '../services/activity.server'
import { sendInvitation, storeInvitation } from '../services/inviting.server'
import { refuseCommonPassword } from '../services/passwords.server'
import type { RegistrationService } from '../services/registrations.server'
import { moveToTrash, trashed } from '../services/trash.server'
import { found, readJson, readQuery, readSlug } from './input.server'

const chapterListQuery = listQuerySchema(chapterSortFields)
const EMAIL_TAKEN = 'An account with this email address already exists.'
const PERSON_EXISTS = 'Someone with this email address already has an account.'

function refuseTakenEmail(taken: boolean): void {
  if (taken) throw new ApiError(409, EMAIL_TAKEN)
}

/**
 * Chapters with their first officer (invited by email, or for API clients made with a password), managed by
 * administrators only; deleting one takes everything it owns.
 */
export function createUsersRouter(
  ctx: AppContext,
  outbox: OutboxHandle,
  registrations: RegistrationService,
): Router {
  const { db } = ctx
  const router = express.Router()
  router.use(adminOnly)
  const loadChapter = (req: express.Request) => found(findChapterBySlug(db, readSlug(req)), 'Chapter')

  router.get('/', (req, res) => {
    const { rows, total } = listChapterAccountsPage(db, readQuery(req, chapterListQuery))
    const chapters = rows.map(({ chapter, counts }) => toChapterAccountDto(chapter, counts))
    res.json({ success: true, chapters, total })
  })

  router.post('/', async (req, res) => {
    const { password, officerEmail, ...input } = readJson(req, chapterAccountInputSchema)
    refuseTakenEmail(isEmailTaken(db, input.email))
    const principal = principalOf(req)
    const answer = (chapter: Chapter) => toChapterAccountDto(chapter, { eventCount: 0, memberCount: 0 })

    if (officerEmail !== undefined) {
      // The chapter and an invitation to its first officer, who chooses their own name and password.
      if (findPersonByEmail(db, officerEmail))
        throw new ApiError(409, PERSON_EXISTS, { officerEmail: PERSON_EXISTS })
      const { chapter, link } = conflictOnDuplicate(
        () =>
          db.transaction((tx) => {
            const chapter = createChapter(tx, input)
            recordActivity(tx, principal, { action: 'create', item: itemOf.chapter(chapter) })
            const link = storeInvitation(tx, ctx, outbox, {
              principal,
              invitedBy: sessionOf(req).person,
              email: officerEmail,
              chapter,
            })
            return { chapter, link }
          }),
        EMAIL_TAKEN,
      )
      res.status(201).json({
        success: true,
        message: 'Chapter added',
        chapter: answer(chapter),
        ...sendInvitation(outbox, link),
      })
      return
    }

    // An API client's way: an officer who signs in with the chapter's email and this password.
    // The schema asks for the password when there is no officerEmail.
    const newPassword = password ?? ''
    refuseCommonPassword(newPassword)
    const passwordHash = await hashPassword(newPassword)
    const { chapter } = conflictOnDuplicate(
      () =>
        recordChange(
          db,
          principal,
          (tx) => createChapterWithOfficer(tx, { ...input, passwordHash }),
          (created) => ({ action: 'create', item: itemOf.chapter(created.chapter) }),
        ),
      EMAIL_TAKEN,
    )
    res.status(201).json({ success: true, message: 'Chapter added', chapter: answer(chapter) })
  })

  router.put('/:slug', async (req, res) => {
    const chapter = loadChapter(req)
    const { password, ...input } = readJson(req, chapterAccountUpdateSchema)
    refuseCommonPassword(password)
    const officer = findContactOfficer(db, chapter)
    if (password && !officer) {
      throw new ApiError(
        409,
        "No officer signs in with this chapter's email any more: make a reset link for an officer instead.",
      )
    }
    refuseTakenEmail(isEmailTaken(db, input.email, { personId: officer?.id, chapterId: chapter.id }))
    const passwordHash = password ? await hashPassword(password) : undefined
    const updated = conflictOnDuplicate(
      () =>
        db.transaction((tx) => {
          const changed = updateChapter(tx, chapter, { ...input, passwordHash })
          // A new password ends every session of the officer at once.
          if (passwordHash && changed?.officer) deleteSessionsOfPerson(tx, changed.officer.id)
          if (changed)
            recordActivity(tx, principalOf(req), {
              action: 'update',
              item: itemOf.chapter(changed.chapter),
              // The log says a password was set, never which.
              details: {
                ...changedFields(chapter, changed.chapter),
                ...(passwordHash ? { note: 'A new password was set.' } : {}),
              },
            })
          return changed?.chapter
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
    // Its officers go with it and their sessions end; a restore brings back the chapter and its officers,
    // not their sessions.
    let queued = 0
    const { result: deleted, trashItem } = moveToTrash(
      db,
      principalOf(req),
      itemOf.chapter(chapter),
      // Gone meanwhile: the 404 rolls the trash copy back too. Its events' attendees hear they are off
      // once the Undo has run out.
      (tx) => {
        for (const event of eventsOwnedBy(tx, chapter.id)) queued += registrations.eventDeletedIn(tx, event)
        return found(deleteChapter(tx, chapter.id), 'Chapter')
      },
    )
    registrations.committed(queued)
    res.json({ success: true, message: 'Chapter deleted', deleted, ...trashed(trashItem) })
  })

  return router
}
