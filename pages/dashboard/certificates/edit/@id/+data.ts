import type { PageContextServer } from 'vike/types'
import { toCertificateTemplateDto } from '#db/dto'
import { findCertificateTemplate } from '#db/queries/certificates.server'
import { certificateDesignSchema } from '#db/validation'
import { requirePagePermission, requireRouteRecord } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The template to edit: an unknown id is the 404 page, one the caller may not change the 403 page. */
export function data(pageContext: PageContextServer) {
  const template = requireRouteRecord(pageContext, findCertificateTemplate)
  requirePagePermission(pageContext, 'edit:certificate-template', template)
  const design = certificateDesignSchema.parse(JSON.parse(template.design))
  return { template: toCertificateTemplateDto(template, design, true) }
}
