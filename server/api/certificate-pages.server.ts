import express, { type Router } from 'express'
import { findCertificateOfRegistration } from '#db/queries/certificates.server'
import { groupedSerial } from '#db/validation'
import type { AppContext } from '../context.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'
import type { CertificateService } from '../services/certificate-queue.server'
import { lookUpRegistration } from '../services/links.server'

/**
 * Outside /api: the verification page's rate limit (the page itself is rendered by Vike), and the
 * attendee's own certificate from the manage link, /registrations/{token}/certificate.pdf.
 */
export function createCertificatePagesRouter(
  { db, clock }: AppContext,
  certificates: CertificateService,
  lookupLimit: express.RequestHandler,
  downloadLimit: express.RequestHandler,
): Router {
  const router = express.Router()
  router.get('/certificates/:serial', lookupLimit)

  router.get('/registrations/:token/certificate.pdf', downloadLimit, async (req, res, next) => {
    const view = lookUpRegistration(db, String(req.params.token), clock.now())
    const certificate = view ? findCertificateOfRegistration(db, view.registration.id) : undefined
    if (!certificate || certificate.revokedAt) {
      next()
      return
    }
    const pdf = await certificates.storedPdf(certificate)
    res
      .status(200)
      .setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
      .type('application/pdf')
      .attachment(`certificate-${groupedSerial(certificate.serial)}.pdf`)
      .send(Buffer.from(pdf))
  })
  return router
}
