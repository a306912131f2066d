import express, { type Router } from 'express'
import { z } from 'zod'
import { toCertificateTemplateDto, toIssuedCertificateDto, toPublicCertificateDto } from '#db/dto'
import {
  certificateJobProgress,
  certificatesOfEvent,
  failedCertificateJobs,
  findCertificateBySerial,
  findCertificateTemplate,
  listCertificateTemplates,
} from '#db/queries/certificates.server'
import { findEventById } from '#db/queries/events.server'
import type { Certificate, CertificateTemplate } from '#db/schema'
import {
  certificateDesignSchema,
  certificateIssueSchema,
  certificateSerialSchema,
  certificateTemplateInputSchema,
  groupedSerial,
} from '#db/validation'
import type { AppContext } from '../context.server'
import { ApiError } from '../errors.server'
import { principalOf, requirePermission, signedIn } from '../policy/require.server'
import { can, chapterScopeOf } from '../policy/rules.server'
import { type CertificateService, designOf, issuerOf } from '../services/certificate-queue.server'
import {
  addTemplate,
  deleteTemplate,
  issueCertificates,
  revoke,
  saveTemplate,
} from '../services/certificates.server'
import { trashed } from '../services/trash.server'
import { found, readId, readJson, readParam, readQuery } from './input.server'

const previewSchema = z.strictObject({ design: certificateDesignSchema })
/** The preview as the console's image (PNG), or as the PDF the design makes (a PDF background shows only there). */
const previewFormatSchema = z.strictObject({ format: z.enum(['png', 'pdf']).default('png') })

/**
 * Certificate templates (docs/product.md#certificates): a chapter's officers make their own; an
 * administrator makes site-wide ones, which every chapter uses.
 */
export function createCertificateTemplatesRouter(
  { db }: AppContext,
  certificates: CertificateService,
): Router {
  const router = express.Router()
  const dto = (req: express.Request, template: CertificateTemplate) =>
    toCertificateTemplateDto(
      template,
      designOf(template),
      can(principalOf(req), 'edit:certificate-template', template),
    )
  const loadTemplate = (req: express.Request) => found(findCertificateTemplate(db, readId(req)), 'Template')

  router.get('/', signedIn, (req, res) => {
    const templates = listCertificateTemplates(db, chapterScopeOf(principalOf(req)))
    res.json({ success: true, templates: templates.map((template) => dto(req, template)) })
  })

  router.post('/', signedIn, (req, res) => {
    const template = addTemplate(db, principalOf(req), readJson(req, certificateTemplateInputSchema))
    res.status(201).json({ success: true, message: 'Template added', template: dto(req, template) })
  })

  router.post('/preview', signedIn, async (req, res) => {
    const principal = principalOf(req)
    const { format } = readQuery(req, previewFormatSchema)
    const { design } = readJson(req, previewSchema)
    const issuer = issuerOf(db, { ownerId: principal.chapterId })
    if (format === 'pdf') {
      const pdf = await certificates.previewPdf(design, issuer)
      res.type('application/pdf').attachment('certificate-sample.pdf').send(Buffer.from(pdf))
      return
    }
    const png = await certificates.preview(design, issuer)
    res.type('image/png').send(png)
  })

  router.get('/:id', signedIn, (req, res) => {
    const template = loadTemplate(req)
    requirePermission(req, 'use:certificate-template', template)
    res.json({ success: true, template: dto(req, template) })
  })

  router.put('/:id', signedIn, (req, res) => {
    const template = loadTemplate(req)
    requirePermission(req, 'edit:certificate-template', template)
    const input = readJson(req, certificateTemplateInputSchema)
    const updated = found(saveTemplate(db, principalOf(req), template, input), 'Template')
    res.json({ success: true, message: 'Template saved', template: dto(req, updated) })
  })

  router.delete('/:id', signedIn, (req, res) => {
    const template = loadTemplate(req)
    requirePermission(req, 'edit:certificate-template', template)
    const { trashItem } = deleteTemplate(db, principalOf(req), template)
    res.json({ success: true, message: 'Template deleted', ...trashed(trashItem) })
  })

  return router
}

/** An event's certificates: issuing them in the background, and the list and progress of what was issued. */
export function createEventCertificatesRouter({ db }: AppContext, certificates: CertificateService): Router {
  const router = express.Router()
  const loadEvent = (req: express.Request) => {
    const event = found(findEventById(db, readId(req)), 'Event')
    requirePermission(req, 'issue:certificates', event)
    return event
  }

  router.post('/:id/certificates', signedIn, (req, res) => {
    const event = loadEvent(req)
    const input = readJson(req, certificateIssueSchema)
    const template = found(findCertificateTemplate(db, input.templateId), 'Template')
    requirePermission(req, 'use:certificate-template', template)
    const queued = issueCertificates(db, principalOf(req), event, template, input, certificates.now())
    certificates.wake()
    res.status(202).json({
      success: true,
      message: queued === 0 ? 'Nobody to issue certificates to' : `Issuing ${queued} certificates`,
      queued,
    })
  })

  router.get('/:id/certificates', signedIn, (req, res) => {
    const event = loadEvent(req)
    res.json({
      success: true,
      certificates: certificatesOfEvent(db, event.id).map((certificate) =>
        toIssuedCertificateDto(certificate, groupedSerial(certificate.serial)),
      ),
      progress: certificateJobProgress(db, event.id),
      failures: failedCertificateJobs(db, event.id, 20),
    })
  })

  return router
}

/**
 * A certificate by its serial: anyone may check it (rate-limited per address); its event's officers and
 * the administrators download and revoke it.
 */
export function createCertificatesRouter(
  { db }: AppContext,
  certificates: CertificateService,
  lookupLimit: express.RequestHandler,
): Router {
  const router = express.Router()
  const loadCertificate = (req: express.Request): Certificate =>
    found(findCertificateBySerial(db, readParam(req, 'serial', certificateSerialSchema)), 'Certificate')
  const ofCaller = (req: express.Request): Certificate => {
    const certificate = loadCertificate(req)
    const event = found(findEventById(db, certificate.eventId), 'Event')
    requirePermission(req, 'issue:certificates', event)
    return certificate
  }

  router.get('/:serial', lookupLimit, (req, res) => {
    res.json({ success: true, certificate: toPublicCertificateDto(loadCertificate(req)) })
  })

  router.get('/:serial/pdf', signedIn, async (req, res) => {
    const certificate = ofCaller(req)
    const pdf = await certificates.storedPdf(certificate)
    res
      .type('application/pdf')
      .attachment(`certificate-${groupedSerial(certificate.serial)}.pdf`)
      .send(Buffer.from(pdf))
  })

  router.post('/:serial/mail', signedIn, async (req, res) => {
    const certificate = ofCaller(req)
    if (certificate.revokedAt) throw new ApiError(409, 'This certificate is revoked: it is not sent again.')
    if (!(await certificates.resend(certificate)))
      throw new ApiError(
        409,
        'No mail server is set up (SMTP_URL), or the registration is gone: nothing was sent.',
      )
    res.json({ success: true, message: `Certificate sent again to ${certificate.name}` })
  })

  router.delete('/:serial', signedIn, (req, res) => {
    const certificate = ofCaller(req)
    const event = found(findEventById(db, certificate.eventId), 'Event')
    revoke(db, principalOf(req), certificate, event, certificates.now())
    res.json({ success: true, message: 'Certificate revoked' })
  })

  return router
}
