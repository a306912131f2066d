import express, { type Router } from 'express'
import { committeeContentSchema, committeeCreateSchema, idParamSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import { askedByAdmin, requirePermission } from '../policy/require.server'
import {
  committeeDto,
  committeeOrNotFound,
  committeeRevisions,
  createCommitteeFor,
  listCommitteeSummaries,
  pagesOfCommittee,
  restoreCommitteeRevision,
  saveCommittee,
  trashCommittee,
} from '../services/committees.server'
import { trashed } from '../services/trash.server'
import { readId, readJson, readParam } from './input.server'

/**
 * The region's committees (docs/product.md#endpoints): anyone reads the published ones; administrators
 * read drafts and write (docs/decisions/101-committees-by-year.md).
 */
export function createCommitteesRouter({ db, clock }: AppContext): Router {
  const router = express.Router()
  const now = () => new Date(clock.now())

  router.get('/', (req, res) => {
    res.json({ success: true, committees: listCommitteeSummaries(db, { publishedOnly: !askedByAdmin(req) }) })
  })

  router.post('/', (req, res) => {
    const principal = requirePermission(req, 'manage:committees')
    const input = readJson(req, committeeCreateSchema)
    const committee = createCommitteeFor(db, principal, input, now())
    res.locals.changedPages = pagesOfCommittee(null, committee)
    res.status(201).json({ success: true, message: 'Committee created', committee: committeeDto(committee) })
  })

  router.get('/:id', (req, res) => {
    const committee = committeeOrNotFound(db, readId(req), { drafts: askedByAdmin(req) })
    res.json({ success: true, committee: committeeDto(committee) })
  })

  router.put('/:id', (req, res) => {
    const principal = requirePermission(req, 'manage:committees')
    const committee = committeeOrNotFound(db, readId(req), { drafts: true })
    const content = readJson(req, committeeContentSchema)
    const saved = saveCommittee(db, principal, committee, content, now())
    res.locals.changedPages = pagesOfCommittee(committee, saved)
    res.json({ success: true, message: 'Committee saved', committee: committeeDto(saved) })
  })

  router.delete('/:id', (req, res) => {
    const principal = requirePermission(req, 'manage:committees')
    const committee = committeeOrNotFound(db, readId(req), { drafts: true })
    const { trashItem } = trashCommittee(db, principal, committee)
    res.locals.changedPages = pagesOfCommittee(committee, null)
    res.json({
      success: true,
      message: 'Committee deleted',
      committee: committeeDto(committee),
      ...trashed(trashItem),
    })
  })

  router.get('/:id/revisions', (req, res) => {
    requirePermission(req, 'manage:committees')
    const committee = committeeOrNotFound(db, readId(req), { drafts: true })
    res.json({ success: true, revisions: committeeRevisions(db, committee) })
  })

  router.post('/:id/revisions/:revisionId/restore', (req, res) => {
    const principal = requirePermission(req, 'manage:committees')
    const committee = committeeOrNotFound(db, readId(req), { drafts: true })
    const revisionId = readParam(req, 'revisionId', idParamSchema)
    const saved = restoreCommitteeRevision(db, principal, committee, revisionId, now())
    res.locals.changedPages = pagesOfCommittee(committee, saved)
    res.json({ success: true, message: 'Revision restored', committee: committeeDto(saved) })
  })

  return router
}
