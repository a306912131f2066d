import express, { type Router } from 'express'
import { toExcomMemberDto } from '../../db/dto'
import { changedFields, withActivity } from '../../db/queries/activity.server'
import {
  createExcomMember,
  deleteExcomMember,
  findExcomMember,
  listExcomPage,
  updateExcomMember,
} from '../../db/queries/excom.server'
import { deleteToTrash } from '../../db/queries/trash.server'
import { excomMemberInputSchema, excomSortFields, listQuerySchema } from '../../db/validation'
import { actorOf } from '../auth/actor.server'
import { callerOf, chapterOf, chapterOnly, ensureAllowed, ownsChapterRecord } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { found, readId, readJson, readQuery } from './input.server'
import { trashed } from './trash.server'

const excomListQuery = listQuerySchema(excomSortFields)
const NOT_YOURS = 'You can only manage the members of your own chapter.'

/** A chapter's executive committee: chapter accounts only, each its own members (docs/decisions/013-permissions-on-the-server.md). */
export function createExcomRouter({ db }: AppContext): Router {
  const router = express.Router()
  router.use(chapterOnly)

  const loadOwnMember = (req: express.Request, res: express.Response) => {
    const member = found(findExcomMember(db, readId(req)), 'Member')
    ensureAllowed(ownsChapterRecord(callerOf(res), member), NOT_YOURS)
    return member
  }

  router.get('/', (req, res) => {
    const { rows, total } = listExcomPage(db, chapterOf(callerOf(res)), readQuery(req, excomListQuery))
    res.json({ success: true, excoms: rows.map(toExcomMemberDto), total })
  })

  router.get('/member/:id', (req, res) => {
    res.json({ success: true, member: toExcomMemberDto(loadOwnMember(req, res)) })
  })

  router.post('/', (req, res) => {
    const caller = callerOf(res)
    const input = readJson(req, excomMemberInputSchema)
    const member = withActivity(
      db,
      (tx) => createExcomMember(tx, chapterOf(caller), input),
      (created) => ({
        actor: actorOf(caller),
        action: 'create',
        type: 'member',
        itemId: created.id,
        itemTitle: created.name,
        chapterId: created.chapterId,
        // Its photo, so the log can show the upload it used with it.
        ...(created.image ? { details: { image: created.image } } : {}),
      }),
    )
    res.status(201).json({ success: true, message: 'Member added', member: toExcomMemberDto(member) })
  })

  router.put('/:id', (req, res) => {
    const member = loadOwnMember(req, res)
    const input = readJson(req, excomMemberInputSchema)
    const updated = found(
      withActivity(
        db,
        (tx) => updateExcomMember(tx, member.id, input),
        (after) =>
          after && {
            actor: actorOf(callerOf(res)),
            action: 'update',
            type: 'member',
            itemId: after.id,
            itemTitle: after.name,
            chapterId: after.chapterId,
            details: changedFields(member, after),
          },
      ),
      'Member',
    )
    res.json({ success: true, message: 'Member updated', member: toExcomMemberDto(updated) })
  })

  router.delete('/:id', (req, res) => {
    const member = loadOwnMember(req, res)
    const { trashItem } = deleteToTrash(
      db,
      {
        type: 'member',
        itemId: member.id,
        title: member.name,
        chapterId: member.chapterId,
        actor: actorOf(callerOf(res)),
      },
      (tx) => deleteExcomMember(tx, member.id),
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
