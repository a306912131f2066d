import express, { type Router } from 'express'
import { toExcomMemberDto } from '../../db/dto'
import {
  createExcomMember,
  deleteExcomMember,
  findExcomMember,
  listExcomPage,
  updateExcomMember,
} from '../../db/queries/excom.server'
import { excomMemberInputSchema, excomSortFields, listQuerySchema } from '../../db/validation'
import { callerOf, chapterOf, chapterOnly, ensureAllowed, ownsChapterRecord } from '../auth/policy.server'
import type { AppContext } from '../context.server'
import { found, readId, readJson, readQuery } from './input.server'

const excomListQuery = listQuerySchema(excomSortFields)
const NOT_YOURS = 'You can only manage the members of your own chapter.'

/** A chapter's executive committee: chapter accounts only, each its own members (decisions §13). */
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
    const member = createExcomMember(db, chapterOf(callerOf(res)), readJson(req, excomMemberInputSchema))
    res.status(201).json({ success: true, message: 'Member added', member: toExcomMemberDto(member) })
  })

  router.put('/:id', (req, res) => {
    const member = loadOwnMember(req, res)
    const updated = found(updateExcomMember(db, member.id, readJson(req, excomMemberInputSchema)), 'Member')
    res.json({ success: true, message: 'Member updated', member: toExcomMemberDto(updated) })
  })

  router.delete('/:id', (req, res) => {
    const member = loadOwnMember(req, res)
    deleteExcomMember(db, member.id)
    res.json({ success: true, message: 'Member deleted', member: toExcomMemberDto(member) })
  })

  return router
}
