import express, { type Router } from 'express'
import { siteTextsSchema } from '#content/schema'
import { idParamSchema, toFieldErrors } from '#db/validation'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import { requirePermission } from '../policy/require.server'
import {
  pagesOfSections,
  revisionToRestore,
  saveSiteTexts,
  siteTextsOf,
  siteTextsRevisions,
} from '../services/site-texts.server'
import { found, readJson, readParam } from './input.server'

/**
 * The site's texts (docs/decisions/099-site-texts-in-the-console.md): anyone reads them, administrators
 * save them and go back to a revision. A save drops the pages that show the changed sections from the front
 * cache.
 */
export function createSiteRouter({ db, clock }: AppContext): Router {
  const router = express.Router()
  const now = () => new Date(clock.now())

  router.get('/', (_req, res) => {
    res.json({ success: true, site: siteTextsOf(db) })
  })

  router.put('/', (req, res) => {
    const principal = requirePermission(req, 'edit:site-texts')
    const texts = readJson(req, siteTextsSchema)
    const saved = saveSiteTexts(db, principal, texts, now())
    res.locals.changedPages = pagesOfSections(saved.changed)
    res.json({ success: true, message: 'Site texts saved', site: saved.texts, revision: saved.revision })
  })

  router.get('/revisions', (req, res) => {
    requirePermission(req, 'edit:site-texts')
    res.json({ success: true, revisions: siteTextsRevisions(db) })
  })

  router.post('/revisions/:revisionId/restore', (req, res) => {
    const principal = requirePermission(req, 'edit:site-texts')
    const id = readParam(req, 'revisionId', idParamSchema)
    const { revision, parsed } = found(revisionToRestore(db, id), 'Revision')
    if (!parsed.success)
      throw new ApiError(
        409,
        'This revision no longer passes the checks of the site texts; change the texts instead.',
        toFieldErrors(parsed.error),
      )
    const saved = saveSiteTexts(db, principal, parsed.data, now(), revision.number)
    res.locals.changedPages = pagesOfSections(saved.changed)
    res.json({
      success: true,
      message: `Revision ${revision.number} restored`,
      site: saved.texts,
      revision: saved.revision,
    })
  })

  return router
}
