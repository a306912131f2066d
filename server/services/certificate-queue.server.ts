import { randomInt } from 'node:crypto'
import { site } from '#content/site'
import type { Database } from '#db/client.server'
import {
  chapterNameAndLogo,
  countSiteWideTemplates,
  createCertificateTemplate,
  findCertificateBySerial,
  findCertificateOfRegistration,
  findCertificateTemplate,
  finishCertificateJob,
  pendingCertificateJobs,
  saveCertificate,
  uploadsOfDesign,
} from '#db/queries/certificates.server'
import { findEventById } from '#db/queries/events.server'
import { enqueueOutboxMails } from '#db/queries/outbox.server'
import { findRegistrationById } from '#db/queries/registrations.server'
import type { Certificate, CertificateJob, CertificateRole, Event } from '#db/schema'
import {
  type CertificateDesign,
  certificateDesignSchema,
  DEFAULT_CERTIFICATE_DESIGN,
  groupedSerial,
  SERIAL_ALPHABET,
} from '#db/validation'
import type { Logger } from '../logger.server'
import { certificateMail } from '../mail/certificate-mail.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { WorkerRounds } from '../worker-rounds.server'
import {
  type CertificateContent,
  certificateDate,
  certificatePdf,
  certificatePng,
  certificateSvg,
  type ImageSource,
  type UploadBytes,
  uploadBytes,
  uploadImages,
} from './certificate-pdf.server'

/** A new serial: 10 characters of a 32-letter alphabet, 50 random bits. */
export function newSerial(): string {
  let serial = ''
  for (let index = 0; index < 10; index++) serial += SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)]
  return serial
}

/** What the certificate says the holder did. */
export function roleLineOf(role: CertificateRole, place: string): string {
  switch (role) {
    case 'participant':
      return 'for participating in'
    case 'volunteer':
      return 'for volunteering at'
    case 'speaker':
      return 'for speaking at'
    case 'organizer':
      return 'for organising'
    case 'winner':
      return place ? `for winning ${place} in` : 'as a winner of'
  }
}

/** The built-in template, made once when no site-wide template exists. */
export function ensureDefaultTemplate(db: Database): void {
  if (countSiteWideTemplates(db) > 0) return
  createCertificateTemplate(db, null, { name: 'Classic (built in)', design: DEFAULT_CERTIFICATE_DESIGN })
}

export const designOf = (row: { design: string }): CertificateDesign =>
  certificateDesignSchema.parse(JSON.parse(row.design))

export const verifyUrlOf = (publicUrl: string, serial: string) =>
  `${publicUrl.replace(/\/$/, '')}/certificates/${groupedSerial(serial)}`

/** Who issues an event's certificates: its chapter, or the site for an administrator's own event. */
export function issuerOf(db: Database, event: Pick<Event, 'ownerId'>): { name: string; logo: string } {
  const chapter = event.ownerId ? chapterNameAndLogo(db, event.ownerId) : undefined
  return chapter ?? { name: site.chapterName, logo: '' }
}

export type CertificateServiceOptions = {
  db: Database
  publicUrl: string
  uploadsDir: string
  outbox: OutboxHandle
  logger: Logger
  manageUrlOf: (registrationId: string) => string
  /** After a certificate is issued again: its verification page changed (the front cache drops it). */
  onReissued?: () => void
  now?: () => number
}

/** Certificates rendered between two looks at the event loop's other work. */
const BATCH = 5
/** Made PDFs kept for downloads (a certificate's is a few hundred kB at most). */
const MADE_PDFS_KEPT = 64

/**
 * Issues certificates in the background (docs/decisions/083-certificates-of-participation.md): the jobs of
 * `certificate_jobs`, oldest first, one at a time in the server process, each made, stored and its mail
 * queued in one transaction. Woken after new jobs; what a stop or crash leaves pending is taken up at the
 * next start.
 */
export class CertificateService {
  private readonly images: ImageSource
  private readonly uploads: UploadBytes
  private readonly clock: () => number
  private readonly rounds: WorkerRounds
  /** Made PDFs by certificate version (id and updatedAt), the least recently asked for dropped first. */
  private readonly made = new Map<string, Promise<Uint8Array>>()
  /** How many PDFs were made (tests: a download answered from `made` makes none). */
  pdfsMade = 0

  constructor(private readonly options: CertificateServiceOptions) {
    this.images = uploadImages(options.uploadsDir)
    this.uploads = uploadBytes(options.uploadsDir)
    this.clock = options.now ?? Date.now
    this.rounds = new WorkerRounds(() => this.work(), {
      onError: (error) => this.options.logger.error({ err: error }, 'Issuing certificates failed'),
    })
  }

  now(): Date {
    return new Date(this.clock())
  }

  start(): void {
    ensureDefaultTemplate(this.options.db)
    this.wake()
  }

  wake(): void {
    this.rounds.wake()
  }

  /** Resolves when the queue is empty (tests, the bench). */
  idle(): Promise<void> {
    return this.rounds.idle()
  }

  stop(): Promise<void> {
    return this.rounds.stop()
  }

  private async work(): Promise<void> {
    for (;;) {
      const jobs = pendingCertificateJobs(this.options.db, BATCH)
      if (jobs.length === 0) return
      for (const job of jobs) {
        if (this.rounds.stopped) return
        await this.issue(job)
        // Let requests waiting on the event loop through between two certificates.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
  }

  private async issue(job: CertificateJob): Promise<void> {
    const { db } = this.options
    try {
      const registration = findRegistrationById(db, job.registrationId)
      const template = findCertificateTemplate(db, job.templateId)
      const event = findEventById(db, job.eventId)
      if (!registration || !template || !event || registration.anonymisedAt)
        throw new Error('The registration, event or template is gone')
      const issuer = issuerOf(db, event)
      const design = designOf(template)
      const existing = findCertificateOfRegistration(db, registration.id)
      // Revoked after this job was queued: the later decision stands.
      if (existing?.revokedAt && existing.revokedAt >= job.createdAt)
        throw new Error('The certificate was revoked after it was queued')
      const serial = existing?.serial ?? this.unusedSerial()
      const issuedAt = this.now()
      const fields = {
        eventId: event.id,
        registrationId: registration.id,
        templateId: template.id,
        name: registration.name,
        role: job.role,
        place: job.place,
        eventTitle: event.title,
        eventDate: event.eventDate,
        chapterName: issuer.name,
        logo: issuer.logo,
        design: JSON.stringify(design),
        uploads: JSON.stringify(uploadsOfDesign(design, issuer.logo)),
        issuedAt,
      }
      const pdf = await this.pdf({ ...fields, serial })
      db.transaction((tx) => {
        const certificate = saveCertificate(tx, fields, serial)
        if (this.options.outbox.configured)
          enqueueOutboxMails(
            tx,
            [this.mail(certificate, registration.email, pdf, this.options.manageUrlOf(registration.id))],
            issuedAt,
          )
        finishCertificateJob(tx, job.id, 'done', null, issuedAt)
      })
      this.options.outbox.wake()
      if (existing) this.options.onReissued?.()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.options.logger.warn({ job: job.id, err: error }, 'Could not issue a certificate')
      finishCertificateJob(db, job.id, 'failed', message.slice(0, 500), this.now())
    }
  }

  private unusedSerial(): string {
    for (;;) {
      const serial = newSerial()
      if (!findCertificateBySerial(this.options.db, serial)) return serial
    }
  }

  contentOf(
    certificate: Pick<
      Certificate,
      'serial' | 'name' | 'role' | 'place' | 'eventTitle' | 'eventDate' | 'chapterName' | 'logo'
    >,
  ): CertificateContent {
    return {
      name: certificate.name,
      roleLine: roleLineOf(certificate.role, certificate.place),
      event: certificate.eventTitle,
      date: certificateDate(certificate.eventDate),
      chapter: certificate.chapterName,
      serial: groupedSerial(certificate.serial),
      verifyUrl: verifyUrlOf(this.options.publicUrl, certificate.serial),
      logo: certificate.logo,
    }
  }

  /**
   * The certificate's PDF for a download: made once per version of the certificate (a re-issue is a new
   * one) and kept, so repeated downloads cost no render.
   */
  storedPdf(certificate: Parameters<CertificateService['pdf']>[0] & Pick<Certificate, 'id' | 'updatedAt'>) {
    const key = `${certificate.id}:${certificate.updatedAt.getTime()}`
    let pdf = this.made.get(key)
    if (pdf) this.made.delete(key)
    else {
      pdf = this.pdf(certificate)
      pdf.catch(() => this.made.delete(key))
    }
    this.made.set(key, pdf)
    for (const oldest of this.made.keys()) {
      if (this.made.size <= MADE_PDFS_KEPT) break
      this.made.delete(oldest)
    }
    return pdf
  }

  /** The certificate's PDF, made from what it shows (the same bytes each time for the same row). */
  pdf(
    certificate: Pick<
      Certificate,
      | 'serial'
      | 'name'
      | 'role'
      | 'place'
      | 'eventTitle'
      | 'eventDate'
      | 'chapterName'
      | 'logo'
      | 'design'
      | 'issuedAt'
    >,
  ): Promise<Uint8Array> {
    this.pdfsMade++
    return certificatePdf(
      designOf(certificate),
      this.contentOf(certificate),
      this.images,
      { issuer: certificate.chapterName, issuedAt: certificate.issuedAt },
      this.uploads,
    )
  }

  /** A design filled with sample values, as PNG (the console's live preview). */
  async preview(
    design: CertificateDesign,
    issuer: { name: string; logo: string },
    widthPx = 900,
  ): Promise<Buffer> {
    return certificatePng(await certificateSvg(design, this.sampleContent(issuer), this.images), widthPx)
  }

  /** A design filled with sample values, as the PDF it makes (the console's "Download a sample PDF"). */
  previewPdf(design: CertificateDesign, issuer: { name: string; logo: string }): Promise<Uint8Array> {
    return certificatePdf(
      design,
      this.sampleContent(issuer),
      this.images,
      { issuer: issuer.name, issuedAt: this.now() },
      this.uploads,
    )
  }

  private sampleContent(issuer: { name: string; logo: string }): CertificateContent {
    return this.contentOf({
      serial: 'K7QFM2XR9H',
      name: 'José Núñez Ødegård',
      role: 'participant',
      place: '',
      eventTitle: 'Workshop on Machine Learning',
      eventDate: '2026-12-07',
      chapterName: issuer.name,
      logo: issuer.logo,
    })
  }

  /**
   * Mails an issued certificate to its attendee again (the console's Re-send), with its PDF; false when
   * there is no mail server or the registration is gone.
   */
  async resend(certificate: Certificate): Promise<boolean> {
    const registration = certificate.registrationId
      ? findRegistrationById(this.options.db, certificate.registrationId)
      : undefined
    if (!this.options.outbox.configured || !registration || registration.anonymisedAt) return false
    const pdf = await this.pdf(certificate)
    const mail = this.mail(certificate, registration.email, pdf, this.options.manageUrlOf(registration.id))
    this.options.db.transaction((tx) => enqueueOutboxMails(tx, [mail], this.now()))
    this.options.outbox.wake()
    return true
  }

  /** The page as PNG (tests look at it). */
  async png(certificate: Parameters<CertificateService['pdf']>[0], widthPx: number): Promise<Buffer> {
    return certificatePng(
      await certificateSvg(designOf(certificate), this.contentOf(certificate), this.images),
      widthPx,
    )
  }

  private mail(certificate: Certificate, to: string, pdf: Uint8Array, manageUrl: string) {
    return certificateMail({
      certificate,
      to,
      serial: groupedSerial(certificate.serial),
      pdf,
      verifyUrl: verifyUrlOf(this.options.publicUrl, certificate.serial),
      manageUrl,
    })
  }
}
