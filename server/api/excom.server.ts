import express, { type Router } from 'express'
import { toExcomMemberDto } from '#db/dto'
import { changedFields } from '#db/queries/activity.server'
import {
  createExcomMember,
  deleteExcomMember,
  findExcomMember,
  listExcomPage,
  updateExcomMember,
} from '#db/queries/excom.server'
import { excomMemberInputSchema, excomSortFields, listQuerySchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { chapterOnly, officerOf, requirePermission } from '../policy/require.server'
import { itemOf, recordChange } from '../services/activity.server'
import { moveToTrash, trashed } from '../services/trash.server'
import { found, readId, readJson, readQuery } from './input.server'

const excomListQuery = listQuerySchema(excomSortFields)

/** A chapter's executive committee: chapter accounts only, each its own members (docs/decisions/013-permissions-on-the-server.md). */
export function createExcomRouter({ db }: AppContext): Router {
  const router = express.Router()
  router.use(chapterOnly)

  /** The member of `:id` and the officer who may manage them: 404 unknown, 403 another chapter's. */
  const loadOwnMember = (req: express.Request) => {
    const member = found(findExcomMember(db, readId(req)), 'Member')
    return { member, principal: requirePermission(req, 'manage:member', member) }
  }

  router.get('/', (req, res) => {
    const { rows, total } = listExcomPage(db, officerOf(req).chapterId, readQuery(req, excomListQuery))
    res.json({ success: true, excoms: rows.map(toExcomMemberDto), total })
  })

  router.get('/member/:id', (req, res) => {
    res.json({ success: true, member: toExcomMemberDto(loadOwnMember(req).member) })
  })

  router.post('/', (req, res) => {
    const principal = officerOf(req)
    const input = readJson(req, excomMemberInputSchema)
    const member = recordChange(
      db,
      principal,
      (tx) => createExcomMember(tx, principal.chapterId, input),
      (created) => ({
        action: 'create',
        item: itemOf.member(created),
        // Its photo, so the log can show the upload it used with it.
        ...(created.image ? { details: { image: created.image } } : {}),
      }),
    )
    res.status(201).json({ success: true, message: 'Member added', member: toExcomMemberDto(member) })
  })

  router.put('/:id', (req, res) => {
    const { member, principal } = loadOwnMember(req)
    const input = readJson(req, excomMemberInputSchema)
    const updated = found(
      recordChange(
        db,
        principal,
        (tx) => updateExcomMember(tx, member.id, input),
        (after) =>
          after && { action: 'update', item: itemOf.member(after), details: changedFields(member, after) },
      ),
      'Member',
    )
    res.json({ success: true, message: 'Member updated', member: toExcomMemberDto(updated) })
  })

  router.delete('/:id', (req, res) => {
    const { member, principal } = loadOwnMember(req)
    const { trashItem } = moveToTrash(db, principal, itemOf.member(member), (tx) =>
      deleteExcomMember(tx, member.id),
    )
    res.json({
      success: true,
      message: 'Member deleted',
      member: toExcomMemberDto(member),
      ...trashed(trashItem),
    })
  })

  return router
}
