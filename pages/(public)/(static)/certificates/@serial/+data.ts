import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { formatDate } from '#components/shared/dates'
import { toPublicCertificateDto } from '#db/dto'
import { findCertificateBySerial } from '#db/queries/certificates.server'
import { CERTIFICATE_ROLE_LABELS, certificateSerialSchema, groupedSerial } from '#db/validation'

export type Data = ReturnType<typeof data>

/**
 * A certificate's verification page: what the certificate shows and whether it still holds, nothing more.
 * An unknown serial (or one that is no serial at all) is the 404 page.
 */
export function data(pageContext: PageContextServer) {
  const serial = certificateSerialSchema.safeParse(pageContext.routeParams.serial ?? '')
  const certificate = serial.success ? findCertificateBySerial(pageContext.db, serial.data) : undefined
  if (!certificate) throw render(404)
  const shown = toPublicCertificateDto(certificate)
  return {
    ...shown,
    serial: groupedSerial(certificate.serial),
    role: CERTIFICATE_ROLE_LABELS[shown.role],
    date: formatDate(shown.date),
  }
}
