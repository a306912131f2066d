import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import {
  type Certificate,
  type CertificateJob,
  type CertificateJobStatus,
  type CertificateRole,
  type CertificateTemplate,
  certificateJobs,
  certificates,
  certificateTemplates,
  chapterInfo,
  chapters,
  registrations,
} from '../schema'
import type { CertificateDesign } from '../validation'

/** The upload names a design shows (its background and signatures), for the upload cleaner. */
export function uploadsOfDesign(design: CertificateDesign, logo = ''): string[] {
  const urls = [design.background, logo, ...design.signatures.map((signature) => signature.image)]
  return [...new Set(urls.filter((url) => url.startsWith('/uploads/')).map((url) => url.slice(9)))]
}

export function listCertificateTemplates(
  db: Queryable,
  chapterId: string | undefined,
): CertificateTemplate[] {
  return db
    .select()
    .from(certificateTemplates)
    .where(
      chapterId === undefined
        ? undefined
        : or(isNull(certificateTemplates.chapterId), eq(certificateTemplates.chapterId, chapterId)),
    )
    .orderBy(sql`${certificateTemplates.chapterId} IS NOT NULL`, sql`name COLLATE NOCASE`)
    .all()
}

export function findCertificateTemplate(db: Queryable, id: string): CertificateTemplate | undefined {
  return db.select().from(certificateTemplates).where(eq(certificateTemplates.id, id)).get()
}

export function createCertificateTemplate(
  db: Queryable,
  chapterId: string | null,
  fields: { name: string; design: CertificateDesign },
): CertificateTemplate {
  return db
    .insert(certificateTemplates)
    .values({
      id: newId(),
      chapterId,
      name: fields.name,
      design: JSON.stringify(fields.design),
      uploads: JSON.stringify(uploadsOfDesign(fields.design)),
    })
    .returning()
    .get()
}

export function updateCertificateTemplate(
  db: Queryable,
  id: string,
  fields: { name: string; design: CertificateDesign },
): CertificateTemplate | undefined {
  return db
    .update(certificateTemplates)
    .set({
      name: fields.name,
      design: JSON.stringify(fields.design),
      uploads: JSON.stringify(uploadsOfDesign(fields.design)),
      updatedAt: new Date(),
    })
    .where(eq(certificateTemplates.id, id))
    .returning()
    .get()
}

export function deleteCertificateTemplate(db: Queryable, id: string): boolean {
  return db.delete(certificateTemplates).where(eq(certificateTemplates.id, id)).run().changes > 0
}

export function countSiteWideTemplates(db: Queryable): number {
  return (
    db
      .select({ count: sql<number>`count(*)` })
      .from(certificateTemplates)
      .where(isNull(certificateTemplates.chapterId))
      .get()?.count ?? 0
  )
}

/**
 * The ids of the event's registrations that are checked in (not cancelled), but not those whose certificate
 * was revoked: issuing to everyone checked in never revives one.
 */
export function checkedInRegistrationIds(db: Queryable, eventId: string): string[] {
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .leftJoin(certificates, eq(certificates.registrationId, registrations.id))
    .where(
      and(
        eq(registrations.eventId, eventId),
        isNotNull(registrations.checkedInAt),
        ne(registrations.status, 'cancelled'),
        isNull(registrations.anonymisedAt),
        // A revoked certificate is re-issued only to a registration an officer picks by name.
        isNull(certificates.revokedAt),
      ),
    )
    .orderBy(asc(registrations.seq))
    .all()
    .map((row) => row.id)
}

/** Of `ids`, those that are registrations of the event (not anonymised). */
export function registrationIdsOfEvent(db: Queryable, eventId: string, ids: string[]): string[] {
  if (ids.length === 0) return []
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        inArray(registrations.id, ids),
        isNull(registrations.anonymisedAt),
      ),
    )
    .orderBy(asc(registrations.seq))
    .all()
    .map((row) => row.id)
}

export function enqueueCertificateJobs(
  db: Queryable,
  jobs: {
    eventId: string
    registrationId: string
    templateId: string
    role: CertificateRole
    place: string
  }[],
  now: Date,
): number {
  if (jobs.length === 0) return 0
  let queued = 0
  // SQLite takes at most 32,766 variables per statement: 7 a row.
  for (let start = 0; start < jobs.length; start += 500) {
    queued += db
      .insert(certificateJobs)
      .values(jobs.slice(start, start + 500).map((job) => ({ ...job, id: newId(), createdAt: now })))
      .run().changes
  }
  return queued
}

export function pendingCertificateJobs(db: Queryable, limit: number): CertificateJob[] {
  return db
    .select()
    .from(certificateJobs)
    .where(eq(certificateJobs.status, 'pending'))
    .orderBy(asc(certificateJobs.createdAt), asc(certificateJobs.id))
    .limit(limit)
    .all()
}

export function finishCertificateJob(
  db: Queryable,
  id: string,
  status: CertificateJobStatus,
  error: string | null,
  now: Date,
): void {
  db.update(certificateJobs)
    .set({
      status,
      lastError: error,
      attempts: sql`${certificateJobs.attempts} + 1`,
      doneAt: status === 'pending' ? null : now,
    })
    .where(eq(certificateJobs.id, id))
    .run()
}

/** How the event's issuing went: jobs per status. */
export function certificateJobProgress(db: Queryable, eventId: string): Record<CertificateJobStatus, number> {
  const progress: Record<CertificateJobStatus, number> = { pending: 0, done: 0, failed: 0 }
  const rows = db
    .select({ status: certificateJobs.status, count: sql<number>`count(*)` })
    .from(certificateJobs)
    .where(eq(certificateJobs.eventId, eventId))
    .groupBy(certificateJobs.status)
    .all()
  for (const row of rows) progress[row.status] = row.count
  return progress
}

/** The last failures of the event's issuing, for the console. */
export function failedCertificateJobs(db: Queryable, eventId: string, limit: number) {
  return db
    .select({ registrationId: certificateJobs.registrationId, error: certificateJobs.lastError })
    .from(certificateJobs)
    .where(and(eq(certificateJobs.eventId, eventId), eq(certificateJobs.status, 'failed')))
    .limit(limit)
    .all()
}

export function findCertificateBySerial(db: Queryable, serial: string): Certificate | undefined {
  return db.select().from(certificates).where(eq(certificates.serial, serial)).get()
}

export function findCertificateOfRegistration(
  db: Queryable,
  registrationId: string,
): Certificate | undefined {
  return db.select().from(certificates).where(eq(certificates.registrationId, registrationId)).get()
}

export function certificatesOfEvent(db: Queryable, eventId: string): Certificate[] {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.eventId, eventId))
    .orderBy(sql`name COLLATE NOCASE`, asc(certificates.id))
    .all()
}

export type CertificateFields = Omit<Certificate, 'id' | 'serial' | 'createdAt' | 'updatedAt' | 'revokedAt'>

/**
 * Issues the registration's certificate: a new one under `serial`, or, when it has one, the same serial
 * with what it shows replaced (re-issued, valid again).
 */
export function saveCertificate(db: Queryable, fields: CertificateFields, serial: string): Certificate {
  const existing = fields.registrationId
    ? findCertificateOfRegistration(db, fields.registrationId)
    : undefined
  if (existing)
    return db
      .update(certificates)
      .set({ ...fields, revokedAt: null, updatedAt: fields.issuedAt })
      .where(eq(certificates.id, existing.id))
      .returning()
      .get()
  return db
    .insert(certificates)
    .values({ ...fields, id: newId(), serial })
    .returning()
    .get()
}

export function revokeCertificate(db: Queryable, id: string, now: Date): void {
  db.update(certificates).set({ revokedAt: now, updatedAt: now }).where(eq(certificates.id, id)).run()
}

/** The chapter's name and logo (an upload URL, empty without chapter info). */
export function chapterNameAndLogo(
  db: Queryable,
  chapterId: string,
): { name: string; logo: string } | undefined {
  return db
    .select({ name: chapters.name, logo: sql<string>`coalesce(${chapterInfo.logo}, '')` })
    .from(chapters)
    .leftJoin(chapterInfo, eq(chapterInfo.chapterId, chapters.id))
    .where(eq(chapters.id, chapterId))
    .get()
}
