import type { Queryable } from '#db/client.server'
import {
  checkedInRegistrationIds,
  createCertificateTemplate,
  deleteCertificateTemplate,
  enqueueCertificateJobs,
  registrationIdsOfEvent,
  revokeCertificate,
  updateCertificateTemplate,
} from '#db/queries/certificates.server'
import type { Certificate, CertificateTemplate, Event } from '#db/schema'
import { type CertificateDesign, type CertificateIssueInput, groupedSerial } from '#db/validation'
import { ApiError } from '../errors.server'
import type { Principal } from '../policy/principal.server'
import { isAdmin } from '../policy/rules.server'
import { type Item, recordChange } from './activity.server'
import { moveToTrash } from './trash.server'

/**
 * What officers and administrators do with certificates, each change with its activity entry in the same
 * transaction (docs/decisions/060-activity-log.md): templates made, changed and deleted to the trash,
 * certificates issued (queued for the background worker) and revoked. Who may is decided before
 * (server/policy/).
 */

const templateItem = (template: Pick<CertificateTemplate, 'id' | 'name' | 'chapterId'>) =>
  ({
    type: 'certificate-template',
    id: template.id,
    title: template.name,
    chapterId: template.chapterId,
  }) as const

const certificateItem = (certificate: Pick<Certificate, 'id' | 'name' | 'serial'>, event: Event): Item =>
  ({
    type: 'certificate',
    id: certificate.id,
    title: `${certificate.name} (${groupedSerial(certificate.serial)})`,
    chapterId: event.ownerId,
  }) as const

type TemplateFields = { name: string; design: CertificateDesign }

/** A new template: an administrator's is site-wide, an officer's belongs to their chapter. */
export function addTemplate(db: Queryable, principal: Principal, input: TemplateFields) {
  return recordChange(
    db,
    principal,
    (tx) => createCertificateTemplate(tx, isAdmin(principal) ? null : principal.chapterId, input),
    (template) => ({ action: 'create', item: templateItem(template) }),
  )
}

export function saveTemplate(
  db: Queryable,
  principal: Principal,
  template: CertificateTemplate,
  input: TemplateFields,
) {
  return recordChange(
    db,
    principal,
    (tx) => updateCertificateTemplate(tx, template.id, input),
    (updated) => updated && { action: 'update', item: templateItem(updated) },
  )
}

/** To the trash, with the certificates still queued under it (issued ones keep their own copy of the design). */
export function deleteTemplate(db: Queryable, principal: Principal, template: CertificateTemplate) {
  return moveToTrash(db, principal, templateItem(template), (tx) =>
    deleteCertificateTemplate(tx, template.id),
  )
}

/**
 * Queues certificates of the template for the chosen registrations of the event, or for everyone checked
 * in; how many were queued. One activity entry for the lot, on the event.
 */
export function issueCertificates(
  db: Queryable,
  principal: Principal,
  event: Event,
  template: CertificateTemplate,
  input: CertificateIssueInput,
  now: Date,
): number {
  const place = input.role === 'winner' ? (input.place ?? '') : ''
  const chosen = input.registrationIds ? [...new Set(input.registrationIds)] : undefined
  const ids = chosen ? registrationIdsOfEvent(db, event.id, chosen) : checkedInRegistrationIds(db, event.id)
  if (chosen && ids.length !== chosen.length)
    throw new ApiError(400, 'Some of the chosen people are not registered for this event.')
  return recordChange(
    db,
    principal,
    (tx) =>
      enqueueCertificateJobs(
        tx,
        ids.map((registrationId) => ({
          eventId: event.id,
          registrationId,
          templateId: template.id,
          role: input.role,
          place,
        })),
        now,
      ),
    (queued) =>
      queued === 0
        ? undefined
        : {
            action: 'issue',
            item: { type: 'event', id: event.id, title: event.title, chapterId: event.ownerId },
            details: { certificates: queued, role: input.role, template: template.name },
          },
  )
}

export function revoke(
  db: Queryable,
  principal: Principal,
  certificate: Certificate,
  event: Event,
  now: Date,
) {
  recordChange(
    db,
    principal,
    (tx) => revokeCertificate(tx, certificate.id, now),
    () => ({ action: 'revoke', item: certificateItem(certificate, event) }),
  )
}
