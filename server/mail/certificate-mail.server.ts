import type { Certificate } from '#db/schema'
import { escapeHtml, framedHtml, linkHtml, paragraphHtml } from './frame.server'

/** The mail that brings an attendee their certificate, its PDF attached, ready for the outbox. */
export function certificateMail(input: {
  certificate: Pick<Certificate, 'id' | 'name' | 'eventTitle' | 'chapterName'>
  to: string
  /** The serial as printed (grouped). */
  serial: string
  pdf: Uint8Array
  verifyUrl: string
  manageUrl: string
}) {
  const { certificate, serial, verifyUrl, manageUrl } = input
  const lead = `Your certificate for ${certificate.eventTitle} is attached (serial ${serial}).`
  const text = [
    `Hello ${certificate.name},`,
    lead,
    `Anyone can check it at ${verifyUrl}`,
    `You can download it again from your registration: ${manageUrl}`,
    certificate.chapterName,
  ].join('\n\n')
  const html = framedHtml([
    paragraphHtml(`Hello ${certificate.name},`),
    paragraphHtml(lead),
    `<p>Anyone can check it at ${linkHtml(verifyUrl, verifyUrl)}</p>`,
    `<p>${linkHtml(manageUrl, 'Download it again from your registration')}</p>`,
    `<p>${escapeHtml(certificate.chapterName)}</p>`,
  ])
  return {
    kind: 'certificate' as const,
    subjectId: certificate.id,
    to: input.to,
    subject: `Your certificate: ${certificate.eventTitle}`,
    text,
    html,
    attachments: [
      {
        filename: `certificate-${serial}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(input.pdf).toString('base64'),
        encoding: 'base64' as const,
      },
    ],
  }
}
