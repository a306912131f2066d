import fs from 'node:fs'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import jsQR from 'jsqr'
import type { ParsedMail } from 'mailparser'
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, rgb } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueueCertificateJobs, findCertificateOfRegistration } from '#db/queries/certificates.server'
import { saveRegistrationSettings } from '#db/queries/registrations.server'
import { usedUploadNames } from '#db/queries/uploads.server'
import { registrations } from '#db/schema'
import { DEFAULT_CERTIFICATE_DESIGN as DEFAULT_DESIGN, groupedSerial } from '#db/validation'
import { call, validAttendee, validEvent, validRegistrationSettings } from '../support/api'
import { ensureProductionBuild, projectRoot } from '../support/build'
import { manageTokenOf, startRegistrationFixture } from '../support/registration-fixture'
import { daysFromToday } from '../support/site-clock'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { startTestApp, type TestApp } from '../support/test-app'

/**
 * Certificates of participation, as an officer and an attendee meet them: issued in the background to
 * the checked-in attendees, mailed through a real SMTP server with the PDF attached, checked on the public
 * page (valid, then revoked), re-issued under the same serial after the name is corrected, and their
 * Bengali and accented names drawn right (the PNGs in test-results/ are for a person to look at).
 */

let smtp: TestSmtpServer
let app: TestApp
let officer: string
let other: string
const PUBLIC_URL = 'https://chapter.example.org'

beforeAll(async () => {
  ensureProductionBuild()
  smtp = await startSmtpServer()
  const fixture = await startRegistrationFixture({
    app: { pages: 'production', env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL } },
    chapter: { name: 'Certificate Chapter', email: 'cert-chapter@example.org' },
    others: [{ name: 'Other Chapter', email: 'other-cert@example.org' }],
  })
  ;({ app, officer } = fixture)
  other = fixture.others[0].token
}, 300_000)
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

/** The events' day: ahead, so registration is open, whatever day the suite runs on. */
const EVENT_DATE = daysFromToday(10)

/** A PDF text string (any text, escaped as hex). */
const PDFHexStringOf = (text: string) => PDFHexString.fromText(text)

/** A stream's text, inflated when it is compressed. */
function streamText(stream: PDFRawStream): string {
  try {
    return inflateSync(stream.contents).toString('latin1')
  } catch {
    return Buffer.from(stream.contents).toString('latin1')
  }
}

const NAMES = ['মোহাম্মদ রাকিব হাসান', 'শ্রেয়া চক্রবর্তী', 'José Núñez Ødegård']

/** An event of the chapter with these attendees registered; the first `checkedIn` of them are let in. */
async function eventWith(names: string[], checkedIn: number) {
  const created = await call(app, 'POST', '/api/events', {
    token: officer,
    json: validEvent({ title: 'Workshop on Machine Learning', eventDate: EVENT_DATE }),
  })
  const eventId = created.body.event._id as string
  saveRegistrationSettings(app.db, eventId, validRegistrationSettings({ capacity: null }))
  const people = names.map((name, index) => {
    const { registration, manageUrl } = app.registrations.register(
      eventId,
      validAttendee({ name, email: `person${index}-${eventId}@example.org` }),
    )
    return {
      id: registration.id,
      name,
      email: registration.email,
      token: manageTokenOf(manageUrl),
    }
  })
  // Let in at the door through the check-in API, as the door phone does.
  for (const person of people.slice(0, checkedIn)) {
    const checkIn = await call(app, 'POST', `/api/events/${eventId}/check-ins`, {
      token: officer,
      json: { registrationId: person.id },
    })
    expect(checkIn.status).toBe(200)
  }
  return { eventId, people }
}

async function defaultTemplateId(): Promise<string> {
  const list = await call(app, 'GET', '/api/certificate-templates', { token: officer })
  expect(list.status).toBe(200)
  const builtIn = list.body.templates.find(
    (template: { chapterId: string | null }) => template.chapterId === null,
  )
  expect(builtIn.editable).toBe(false)
  return builtIn._id
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address

/** The page's image in the PDF: the JPEG bytes of its one image stream (DCTDecode keeps them as they are). */
function pageImageOf(pdf: PDFDocument): Buffer {
  for (const [, object] of pdf.context.enumerateIndirectObjects())
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      return Buffer.from(object.contents)
  throw new Error('no image in the PDF')
}

function streamAt(pdf: PDFDocument, ref: Parameters<PDFDocument['context']['lookup']>[0]): PDFRawStream {
  const stream = pdf.context.lookup(ref)
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream')
  return stream
}

/** The XObjects the page draws, by their subtype (Image, Form). */
function xObjectsOf(pdf: PDFDocument): { subtype: string; stream: PDFRawStream }[] {
  const xObjects = pdf.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict)
  return (xObjects?.values() ?? []).map((ref) => {
    const stream = streamAt(pdf, ref)
    return { subtype: String(stream.dict.get(PDFName.of('Subtype'))).slice(1), stream }
  })
}

/**
 * The page's foreground over a PDF background: pdf-lib keeps a PNG's colours and its alpha as two
 * deflated streams (the image and its SMask), put together here over white as a viewer would show them.
 */
async function overlayOf(pdf: PDFDocument): Promise<Buffer> {
  const overlay = xObjectsOf(pdf).find(
    ({ subtype, stream }) => subtype === 'Image' && stream.dict.get(PDFName.of('SMask')),
  )
  if (!overlay) throw new Error('no transparent image in the PDF')
  const size = (key: string) => overlay.stream.dict.lookup(PDFName.of(key), PDFNumber).asNumber()
  const [width, height] = [size('Width'), size('Height')]
  const colours = inflateSync(overlay.stream.contents)
  const alpha = inflateSync(streamAt(pdf, overlay.stream.dict.get(PDFName.of('SMask'))).contents)
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < width * height; i++)
    for (let c = 0; c < 3; c++)
      pixels[i * 3 + c] = Math.round(
        ((colours[i * 3 + c] ?? 0) * (alpha[i] ?? 0) + 255 * (255 - (alpha[i] ?? 0))) / 255,
      )
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

async function qrOf(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

describe('certificates', () => {
  it('issues to everyone checked in, in the background, and mails each the PDF with its verification link', async () => {
    const { eventId, people } = await eventWith(NAMES, 3)
    // A fourth attendee who never came in gets none.
    const absent = app.registrations.register(eventId, validAttendee({ name: 'Absent Person' }))
    const templateId = await defaultTemplateId()

    const issued = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant' },
    })
    expect(issued.status).toBe(202)
    expect(issued.body.queued).toBe(3)
    await app.certificates.idle()

    const listed = await call(app, 'GET', `/api/events/${eventId}/certificates`, { token: officer })
    expect(listed.body.progress).toEqual({ pending: 0, done: 3, failed: 0 })
    expect(listed.body.certificates.map((c: { name: string }) => c.name).sort()).toEqual([...NAMES].sort())
    expect(findCertificateOfRegistration(app.db, absent.registration.id)).toBeUndefined()

    const jose = people[2]
    const certificate = findCertificateOfRegistration(app.db, jose?.id ?? '')
    expect(certificate?.serial).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/)
    const serial = groupedSerial(certificate?.serial ?? '')

    const mail = await smtp.waitFor(
      (message) => to(message) === jose?.email && (message.subject ?? '').startsWith('Your certificate'),
    )
    expect(mail.subject).toBe('Your certificate: Workshop on Machine Learning')
    expect(mail.text).toContain(`${PUBLIC_URL}/certificates/${serial}`)
    const attachment = mail.attachments.find((file) => file.contentType === 'application/pdf')
    expect(attachment?.filename).toBe(`certificate-${serial}.pdf`)

    // The PDF: one A4 landscape page whose metadata names the serial and the link.
    const pdf = await PDFDocument.load(attachment?.content ?? Buffer.alloc(0))
    expect(pdf.getPageCount()).toBe(1)
    const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()]
    expect(Math.round(width)).toBe(842)
    expect(Math.round(height)).toBe(595)
    expect(pdf.getTitle()).toBe(`Certificate ${serial}`)
    expect(pdf.getKeywords()).toContain(serial)
    expect(pdf.getSubject()).toContain('José Núñez Ødegård')

    // The QR code on the page, read from the image the mailed PDF carries, leads to the verification page.
    expect(await qrOf(pageImageOf(pdf))).toBe(`${PUBLIC_URL}/certificates/${serial}`)

    // The attendee downloads it from their manage link; another token gets nothing.
    const own = await app.request(`/registrations/${jose?.token}/certificate.pdf`)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect((await PDFDocument.load(await own.arrayBuffer())).getTitle()).toBe(`Certificate ${serial}`)
    const manage = await (await app.request(`/registrations/${jose?.token}`)).text()
    expect(manage).toContain(`/registrations/${jose?.token}/certificate.pdf`)
    const absentToken = absent.manageUrl.slice(absent.manageUrl.lastIndexOf('/') + 1)
    expect((await app.request(`/registrations/${absentToken}/certificate.pdf`)).status).toBe(404)
  })

  it('is valid on its public page until revoked; re-issuing after a corrected name keeps the serial', async () => {
    const { eventId, people } = await eventWith(['Jose Nunez'], 1)
    const templateId = await defaultTemplateId()
    const person = people[0] as NonNullable<(typeof people)[0]>
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'winner', place: 'First place', registrationIds: [person.id] },
    })
    await app.certificates.idle()
    const first = findCertificateOfRegistration(app.db, person.id)
    const serial = groupedSerial(first?.serial ?? '')

    const page = await app.request(`/certificates/${serial}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('This certificate is valid.')
    expect(html).toContain('Jose Nunez')
    expect(html).toContain('First place')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain(person.email)

    const api = await call(app, 'GET', `/api/certificates/${serial}`)
    expect(api.body.certificate).toEqual({
      status: 'valid',
      name: 'Jose Nunez',
      role: 'winner',
      place: 'First place',
      event: 'Workshop on Machine Learning',
      date: EVENT_DATE,
      chapter: 'Certificate Chapter',
    })
    expect((await app.request('/certificates/K7QF-M2XR-9H')).status).toBe(404)
    expect((await call(app, 'GET', '/api/certificates/K7QF-M2XR-9H')).status).toBe(404)

    // The name is corrected on the Attendees page and the certificate issued again: same serial.
    const renamed = await call(app, 'PATCH', `/api/events/${eventId}/registrations/${person.id}`, {
      token: officer,
      json: { name: 'José Núñez' },
    })
    expect(renamed.status).toBe(200)
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant', registrationIds: [person.id] },
    })
    await app.certificates.idle()
    const again = findCertificateOfRegistration(app.db, person.id)
    expect(again?.serial).toBe(first?.serial)
    expect(again?.name).toBe('José Núñez')
    expect(await (await app.request(`/certificates/${serial}`)).text()).toContain('José Núñez')

    // Issued again by the queue alone (no API write drops the cached pages): the cached page follows.
    app.db
      .update(registrations)
      .set({ name: 'José Núñez Ødegård' })
      .where(eq(registrations.id, person.id))
      .run()
    enqueueCertificateJobs(
      app.db,
      [{ eventId, registrationId: person.id, templateId, role: 'participant', place: '' }],
      new Date(),
    )
    app.certificates.wake()
    await app.certificates.idle()
    expect(await (await app.request(`/certificates/${serial}`)).text()).toContain('José Núñez Ødegård')

    // Another chapter may neither revoke nor download it.
    expect((await call(app, 'DELETE', `/api/certificates/${serial}`, { token: other })).status).toBe(403)
    expect((await call(app, 'GET', `/api/certificates/${serial}/pdf`, { token: other })).status).toBe(403)
    const revoked = await call(app, 'DELETE', `/api/certificates/${serial}`, { token: officer })
    expect(revoked.status).toBe(200)
    const after = await app.request(`/certificates/${serial}`)
    expect(await after.text()).toContain('This certificate has been revoked')
    expect((await call(app, 'GET', `/api/certificates/${serial}`)).body.certificate.status).toBe('revoked')

    // Issuing to everyone checked in leaves it revoked; only picking the attendee by name re-issues it.
    const bulk = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant' },
    })
    expect(bulk.status).toBe(202)
    await app.certificates.idle()
    expect(findCertificateOfRegistration(app.db, person.id)?.revokedAt).not.toBeNull()
    expect((await call(app, 'GET', `/api/certificates/${serial}`)).body.certificate.status).toBe('revoked')
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant', registrationIds: [person.id] },
    })
    await app.certificates.idle()
    expect((await call(app, 'GET', `/api/certificates/${serial}`)).body.certificate.status).toBe('valid')
  })

  it('the console re-sends a certificate, and its search finds it by serial and its holder by name', async () => {
    const { eventId, people } = await eventWith(['Resend Rahman'], 1)
    const templateId = await defaultTemplateId()
    const person = people[0] as NonNullable<(typeof people)[0]>
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant', registrationIds: [person.id] },
    })
    await app.certificates.idle()
    const serial = groupedSerial(findCertificateOfRegistration(app.db, person.id)?.serial ?? '')
    const before = smtp.messages.filter((mail) => mail.subject?.startsWith('Your certificate')).length
    expect((await call(app, 'POST', `/api/certificates/${serial}/mail`, { token: other })).status).toBe(403)
    const resent = await call(app, 'POST', `/api/certificates/${serial}/mail`, { token: officer })
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe('Certificate sent again to Resend Rahman')
    await smtp.waitFor(
      () => smtp.messages.filter((mail) => mail.subject?.startsWith('Your certificate')).length > before,
    )

    const bySerial = await call(app, 'GET', `/api/search?q=${serial.toLowerCase()}`, { token: officer })
    expect(bySerial.body.results).toContainEqual(
      expect.objectContaining({
        kind: 'certificate',
        title: `Resend Rahman: ${serial}`,
        href: `/dashboard/events/${eventId}/certificates`,
      }),
    )
    const byName = await call(app, 'GET', '/api/search?q=Resend%20Rah', { token: officer })
    expect(byName.body.results).toContainEqual(
      expect.objectContaining({ kind: 'attendee', title: 'Resend Rahman' }),
    )
    // Another chapter's officer finds neither.
    const elsewhere = await call(app, 'GET', `/api/search?q=${serial}`, { token: other })
    expect(elsewhere.body.results.map((result: { kind: string }) => result.kind)).not.toContain('certificate')
    const elsewhereByName = await call(app, 'GET', '/api/search?q=Resend%20Rah', { token: other })
    expect(elsewhereByName.body.results).toEqual([])

    await call(app, 'DELETE', `/api/certificates/${serial}`, { token: officer })
    expect((await call(app, 'POST', `/api/certificates/${serial}/mail`, { token: officer })).status).toBe(409)
  })

  it('refuses bad input with field errors and keeps the site-wide template for administrators', async () => {
    const templateId = await defaultTemplateId()
    const bad = await call(app, 'POST', '/api/certificate-templates', {
      token: officer,
      json: { name: '', design: { ...DEFAULT_DESIGN, accent: 'blue' } },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['name', 'design.accent']))
    const edit = await call(app, 'PUT', `/api/certificate-templates/${templateId}`, {
      token: officer,
      json: { name: 'Mine now', design: DEFAULT_DESIGN },
    })
    expect(edit.status).toBe(403)
    const own = await call(app, 'POST', '/api/certificate-templates', {
      token: officer,
      json: { name: 'Chapter design', design: { ...DEFAULT_DESIGN, paper: 'letter', accent: '#7c2d12' } },
    })
    expect(own.status).toBe(201)
    expect(own.body.template.editable).toBe(true)
    const seenByOther = await call(app, 'GET', '/api/certificate-templates', { token: other })
    expect(seenByOther.body.templates.map((t: { _id: string }) => t._id)).not.toContain(own.body.template._id)
    const preview = await app.request('/api/certificate-templates/preview', {
      method: 'POST',
      headers: { authorization: `Bearer ${officer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ design: own.body.template.design }),
    })
    expect(preview.headers.get('content-type')).toBe('image/png')

    // The images a design shows are kept by the upload cleaner.
    const withImages = await call(app, 'POST', '/api/certificate-templates', {
      token: officer,
      json: {
        name: 'With a background',
        design: {
          ...DEFAULT_DESIGN,
          background: '/uploads/0123456789abcdef0123456789abcdef.webp',
          signatures: [
            { name: 'Chair', image: '/uploads/fedcba9876543210fedcba9876543210.png', x: 70, y: 172 },
          ],
        },
      },
    })
    expect(withImages.status).toBe(201)
    const used = usedUploadNames(app.db)
    expect(used.has('0123456789abcdef0123456789abcdef.webp')).toBe(true)
    expect(used.has('fedcba9876543210fedcba9876543210.png')).toBe(true)
  })

  it('takes the first page of a PDF as the background, embedded under the fields; a bad PDF is refused', async () => {
    const upload = (bytes: Uint8Array, route = '/api/uploads?purpose=certificate-background') => {
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'background.pdf')
      return call(app, 'POST', route, { token: officer, body: form })
    }
    // A designer's PDF: a green A4 landscape page, then a second page that is not kept.
    const designed = await PDFDocument.create()
    designed
      .addPage([842, 595])
      .drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.8, 0.92, 0.78) })
    designed.addPage([842, 595])
    const uploaded = await upload(await designed.save())
    expect(uploaded.status).toBe(201)
    const url: string = uploaded.body.data.url
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/)
    const stored = fs.readFileSync(path.join(app.ctx.env.dataDir, 'uploads', url.slice('/uploads/'.length)))
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1)

    // A page that runs JavaScript when opened, a JavaScript link and an attached program: only what draws
    // the page is stored (no /AA, no annotations, not the program's bytes).
    const hostile = await PDFDocument.create()
    const hostilePage = hostile.addPage([842, 595])
    hostilePage.drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.8, 0.92, 0.78) })
    const context = hostile.context
    const script = context.obj({ S: 'JavaScript', JS: PDFHexStringOf('app.alert("page open")') })
    hostilePage.node.set(PDFName.of('AA'), context.obj({ O: script }))
    const exe = context.flateStream(Buffer.from('MZ evil.exe bytes EVILPAYLOAD'), { Type: 'EmbeddedFile' })
    const fileSpec = context.obj({
      Type: 'Filespec',
      F: PDFHexStringOf('evil.exe'),
      EF: { F: context.register(exe) },
    })
    const annotations = context.obj([
      context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 100, 100],
        A: context.obj({ S: 'JavaScript', JS: PDFHexStringOf('app.launchURL("http://evil.example")') }),
      }),
      context.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: [0, 0, 10, 10],
        FS: context.register(fileSpec),
      }),
    ])
    hostilePage.node.set(PDFName.of('Annots'), annotations)
    await hostile.attach(Buffer.from('EVILPAYLOAD'), 'evil.exe', { mimeType: 'application/octet-stream' })
    const cleaned = await upload(await hostile.save({ useObjectStreams: false }))
    expect(cleaned.status).toBe(201)
    const cleanBytes = fs.readFileSync(
      path.join(app.ctx.env.dataDir, 'uploads', String(cleaned.body.data.url).slice('/uploads/'.length)),
    )
    const cleanPage = (await PDFDocument.load(cleanBytes)).getPage(0)
    expect(
      cleanPage.node
        .keys()
        .map((key) => key.decodeText())
        .sort(),
    ).toEqual(['Contents', 'MediaBox', 'Parent', 'Resources', 'Type'])
    const inflatedText = (await PDFDocument.load(cleanBytes)).context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFRawStream ? streamText(object) : String(object)))
      .join('\n')
    expect(inflatedText).not.toMatch(/JavaScript|EmbeddedFile|evil|EVILPAYLOAD|MZ /)
    expect(cleanPage.getSize()).toEqual({ width: 842, height: 595 })

    // What cannot be read, a PDF without a page, and a PDF where only images are taken.
    const broken = await upload(Buffer.from('%PDF-1.7\nnot a PDF at all'))
    expect(broken.status).toBe(400)
    expect(broken.body.errors.image).toMatch(/could not be read/)
    const empty = await upload(await (await PDFDocument.create()).save({ addDefaultPage: false }))
    expect(empty.status).toBe(400)
    expect(empty.body.errors.image).toBe('The PDF has no page.')
    expect((await upload(stored, '/api/uploads')).status).toBe(415)

    const template = await call(app, 'POST', '/api/certificate-templates', {
      token: officer,
      json: { name: 'On a PDF', design: { ...DEFAULT_DESIGN, background: url } },
    })
    expect(template.status).toBe(201)
    expect(usedUploadNames(app.db).has(url.slice('/uploads/'.length))).toBe(true)

    // The preview is an image with a placeholder; the sample PDF has the real page.
    const preview = (format: string) =>
      app.request(`/api/certificate-templates/preview${format}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${officer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ design: template.body.template.design }),
      })
    expect((await preview('')).headers.get('content-type')).toBe('image/png')
    const sample = await preview('?format=pdf')
    expect(sample.headers.get('content-type')).toBe('application/pdf')
    const samplePdf = await PDFDocument.load(await sample.arrayBuffer())
    expect(xObjectsOf(samplePdf).map(({ subtype }) => subtype)).toContain('Form')
    expect(await qrOf(await overlayOf(samplePdf))).toBe(`${PUBLIC_URL}/certificates/K7QF-M2XR-9H`)
    expect((await preview('?format=gif')).status).toBe(400)

    const { eventId, people } = await eventWith(['Rahim Uddin'], 1)
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId: template.body.template._id, role: 'participant' },
    })
    await app.certificates.idle()
    const certificate = findCertificateOfRegistration(app.db, people[0]?.id ?? '')
    const serial = groupedSerial(certificate?.serial ?? '')
    const own = await app.request(`/registrations/${people[0]?.token}/certificate.pdf`)
    expect(own.status).toBe(200)
    const pdf = await PDFDocument.load(await own.arrayBuffer())
    expect(pdf.getPageCount()).toBe(1)
    expect(Math.round(pdf.getPage(0).getWidth())).toBe(842)
    // The background is the uploaded page, embedded as a Form XObject (vector, not an image of it) ...
    const drawn = xObjectsOf(pdf)
    expect(drawn.map(({ subtype }) => subtype).sort()).toEqual(['Form', 'Image'])
    // ... and the fields are a transparent image over it, whose QR code leads to the verification page.
    expect(await qrOf(await overlayOf(pdf))).toBe(`${PUBLIC_URL}/certificates/${serial}`)
    expect(pdf.getTitle()).toBe(`Certificate ${serial}`)
  })

  it('draws Bengali and accented names (test-results/certificate-names-*.png, looked at by a person)', async () => {
    const { eventId, people } = await eventWith(NAMES, 3)
    await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId: await defaultTemplateId(), role: 'speaker' },
    })
    await app.certificates.idle()
    const dir = path.join(projectRoot, 'test-results')
    fs.mkdirSync(dir, { recursive: true })
    for (const [index, person] of people.entries()) {
      const certificate = findCertificateOfRegistration(app.db, person.id)
      expect(certificate?.name).toBe(person.name)
      const png = await app.certificates.png(certificate as NonNullable<typeof certificate>, 1400)
      fs.writeFileSync(path.join(dir, `certificate-names-${index + 1}.png`), png)
      expect(png.length).toBeGreaterThan(10_000)
    }
  })
})

/** A one-page PDF whose page content, about 50 KB stored, inflates to `megabytes` MB: a decompression bomb. */
async function inflatingPdf(megabytes: number): Promise<Uint8Array> {
  const bomb = await PDFDocument.create()
  const page = bomb.addPage([842, 595])
  const content = bomb.context.flateStream(Buffer.alloc(megabytes * 1024 * 1024, 0x20))
  page.node.set(PDFName.of('Contents'), bomb.context.register(content))
  return bomb.save()
}

describe('a PDF background that inflates (a decompression bomb)', () => {
  it('is refused at the upload with a field error', async () => {
    const form = new FormData()
    const bytes = await inflatingPdf(50)
    expect(bytes.length).toBeLessThan(200_000)
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'bomb.pdf')
    const answer = await call(app, 'POST', '/api/uploads?purpose=certificate-background', {
      token: officer,
      body: form,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.image).toMatch(/too large once unpacked/)
  })

  it('stored before the limit, is opened off the event loop: health answers as usual while a preview is made', async () => {
    // As if uploaded before uploads were bounded: straight into the uploads folder.
    const name = `${'b0'.repeat(16)}.pdf`
    fs.mkdirSync(path.join(app.ctx.env.dataDir, 'uploads'), { recursive: true })
    fs.writeFileSync(path.join(app.ctx.env.dataDir, 'uploads', name), await inflatingPdf(50))
    const design = { ...DEFAULT_DESIGN, background: `/uploads/${name}` }
    const health = async () => {
      const started = performance.now()
      expect((await app.request('/api/health')).status).toBe(200)
      return performance.now() - started
    }
    const usual = Math.max(...(await Promise.all([1, 2, 3, 4, 5].map(() => health()))))
    let making = true
    const preview = app
      .request('/api/certificate-templates/preview?format=pdf', {
        method: 'POST',
        headers: { authorization: `Bearer ${officer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ design }),
      })
      .finally(() => {
        making = false
      })
    const latencies: number[] = []
    while (making) latencies.push(await health())
    const answer = await preview
    expect(answer.status).toBe(200)
    expect((await PDFDocument.load(await answer.arrayBuffer())).getPageCount()).toBe(1)
    expect(latencies.length).toBeGreaterThan(0)
    expect(Math.max(...latencies)).toBeLessThan(Math.max(500, usual * 5))
  })
})

describe('the history of certificates', () => {
  type Entry = { action: string; type: string; itemId: string | null; itemTitle: string; details: unknown }
  const log = async (query: string): Promise<Entry[]> => {
    const answer = await call(app, 'GET', `/api/activity${query}`, { token: officer })
    expect(answer.status).toBe(200)
    return answer.body.entries
  }

  it('logs templates made, changed and deleted to the trash (restored with Undo), issuing and revoking', async () => {
    const made = await call(app, 'POST', '/api/certificate-templates', {
      token: officer,
      json: { name: 'Logged template', design: DEFAULT_DESIGN },
    })
    expect(made.status).toBe(201)
    const templateId = made.body.template._id as string
    const saved = await call(app, 'PUT', `/api/certificate-templates/${templateId}`, {
      token: officer,
      json: { name: 'Logged template, blue', design: DEFAULT_DESIGN },
    })
    expect(saved.status).toBe(200)

    const { eventId, people } = await eventWith(['তানজিলা আক্তার', 'Rafi Chowdhury'], 2)
    const issued = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'participant' },
    })
    expect(issued.body.queued).toBe(2)
    await app.certificates.idle()
    const serial = findCertificateOfRegistration(app.db, people[0]?.id ?? '')?.serial ?? ''
    expect((await call(app, 'DELETE', `/api/certificates/${serial}`, { token: officer })).status).toBe(200)

    // Deleted while a certificate of it is still queued: both go to the trash, and both come back.
    const queued = enqueueCertificateJobs(
      app.db,
      [{ eventId, registrationId: people[1]?.id ?? '', templateId, role: 'volunteer', place: '' }],
      new Date(0),
    )
    expect(queued).toBe(1)
    const deleted = await call(app, 'DELETE', `/api/certificate-templates/${templateId}`, { token: officer })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ message: 'Template deleted', trashTitle: 'Logged template, blue' })
    expect(
      (await call(app, 'GET', `/api/certificate-templates/${templateId}`, { token: officer })).status,
    ).toBe(404)
    const restored = await call(app, 'POST', `/api/trash/${deleted.body.trashId}/restore`, { token: officer })
    expect(restored.status).toBe(200)
    expect(
      (await call(app, 'GET', `/api/certificate-templates/${templateId}`, { token: officer })).status,
    ).toBe(200)
    const jobs = await call(app, 'GET', `/api/events/${eventId}/certificates`, { token: officer })
    expect(jobs.body.progress.pending + jobs.body.progress.done).toBeGreaterThanOrEqual(3)

    const ofTemplate = (await log(`?item=${templateId}`)).map((entry) => [
      entry.action,
      entry.type,
      entry.itemTitle,
    ])
    expect(ofTemplate).toEqual([
      ['restore', 'certificate-template', 'Logged template, blue'],
      ['delete', 'certificate-template', 'Logged template, blue'],
      ['update', 'certificate-template', 'Logged template, blue'],
      ['create', 'certificate-template', 'Logged template'],
    ])
    const ofEvent = await log(`?item=${eventId}&action=issue`)
    expect(ofEvent).toHaveLength(1)
    expect(ofEvent[0]).toMatchObject({
      type: 'event',
      details: { certificates: 2, role: 'participant', template: 'Logged template, blue' },
    })
    const revoked = await log('?action=revoke')
    expect(revoked[0]).toMatchObject({
      type: 'certificate',
      itemTitle: `তানজিলা আক্তার (${groupedSerial(serial)})`,
    })
  })
})

describe('certificate look-ups and the queue', () => {
  it('counts the page and the API together per address: 30 a minute, then 429', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } })
    try {
      for (let index = 0; index < 15; index++) {
        expect((await limited.request('/api/certificates/K7QF-M2XR-9H')).status).toBe(404)
        expect((await limited.request('/certificates/K7QF-M2XR-9H')).status).toBe(404)
      }
      const refused = await limited.request('/api/certificates/K7QF-M2XR-9H')
      expect(refused.status).toBe(429)
      expect((await refused.json()).message).toMatch(/^Too many certificate look-ups/)
      expect((await limited.request('/certificates/K7QF-M2XR-9H')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it("limits an attendee's downloads to 10 a minute per address", async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } })
    try {
      const path = `/registrations/${'A'.repeat(43)}/certificate.pdf`
      for (let index = 0; index < 10; index++) expect((await limited.request(path)).status).toBe(404)
      const refused = await limited.request(path)
      expect(refused.status).toBe(429)
      expect((await refused.json()).message).toMatch(/^Too many certificate downloads/)
    } finally {
      await limited.close()
    }
  })

  it('makes a PDF once per certificate version for downloads', async () => {
    const { eventId, people } = await eventWith(['Kept Once'], 1)
    const person = people[0] as NonNullable<(typeof people)[0]>
    const templateId = await defaultTemplateId()
    const issue = () =>
      call(app, 'POST', `/api/events/${eventId}/certificates`, {
        token: officer,
        json: { templateId, role: 'participant', registrationIds: [person.id] },
      })
    await issue()
    await app.certificates.idle()
    const path = `/registrations/${person.token}/certificate.pdf`
    const first = await app.request(path)
    expect(first.status).toBe(200)
    const made = app.certificates.pdfsMade
    const downloads = await Promise.all([1, 2, 3].map(() => app.request(path)))
    const bytes = await Promise.all(downloads.map(async (answer) => Buffer.from(await answer.arrayBuffer())))
    expect(bytes.every((pdf) => pdf.equals(bytes[0] as Buffer))).toBe(true)
    expect(app.certificates.pdfsMade).toBe(made)
    // Re-issued: a new version, made again once.
    await issue()
    await app.certificates.idle()
    const afterReissue = app.certificates.pdfsMade
    expect((await app.request(path)).status).toBe(200)
    expect((await app.request(path)).status).toBe(200)
    expect(app.certificates.pdfsMade).toBe(afterReissue + 1)
  })

  it('makes after a restart what a stop left in the queue', async () => {
    const { eventId, people } = await eventWith(['Rina Akter', 'Farhan Kabir', 'Nusrat Jahan'], 3)
    const templateId = await defaultTemplateId()
    await app.certificates.stop()
    const queued = await call(app, 'POST', `/api/events/${eventId}/certificates`, {
      token: officer,
      json: { templateId, role: 'volunteer' },
    })
    expect(queued.body.queued).toBe(3)
    const stopped = await call(app, 'GET', `/api/events/${eventId}/certificates`, { token: officer })
    expect(stopped.body.progress).toEqual({ pending: 3, done: 0, failed: 0 })
    // A new service on the same database, as the next start makes it.
    const { CertificateService } = await import('#server/services/certificate-queue.server')
    const restarted = new CertificateService({
      db: app.db,
      publicUrl: PUBLIC_URL,
      uploadsDir: path.join(app.ctx.env.dataDir, 'uploads'),
      outbox: app.outbox ?? { configured: false, now: () => new Date(), wake: () => {} },
      logger: app.ctx.logger,
      manageUrlOf: (id) => app.registrations.manageUrlOf(id),
    })
    restarted.start()
    await restarted.idle()
    await restarted.stop()
    const after = await call(app, 'GET', `/api/events/${eventId}/certificates`, { token: officer })
    expect(after.body.progress).toEqual({ pending: 0, done: 3, failed: 0 })
    for (const person of people)
      expect(findCertificateOfRegistration(app.db, person.id)?.role).toBe('volunteer')
  })
})
