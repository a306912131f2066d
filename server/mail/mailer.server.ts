import nodemailer from 'nodemailer'
import { site } from '#content/site'
import type { MailAttachment } from '#db/queries/outbox.server'
import type { Env } from '../env.server'
import { qrPngOf } from './qr-code.server'

/** One message: plain text always, simple HTML optionally. */
export type MailMessage = {
  to: string | string[]
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** Files sent with it: a calendar file, a ticket's QR code shown inline (db/queries/outbox.server.ts). */
  attachments?: MailAttachment[]
}

/**
 * Sends mail through SMTP_URL, or is `null` when no mail server is configured: callers then show the
 * link or keep the message for later instead of sending. Failures throw; callers store what the mail
 * is about before sending, so a failed send loses nothing.
 */
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void }

const SEND_TIMEOUT_MS = 15_000

/** The sender without MAIL_FROM: the site's name at noreply@ its host, as a mail client shows it. */
export const defaultSender = (publicUrl: string) => ({
  name: site.chapterName,
  address: `noreply@${new URL(publicUrl).hostname}`,
})

/** An attachment as nodemailer takes it: a QR code the outbox describes is made now. */
function madeAttachment({ qrCodeOf, ...attachment }: MailAttachment) {
  return qrCodeOf === undefined
    ? attachment
    : { ...attachment, content: qrPngOf(qrCodeOf), encoding: undefined }
}

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'publicUrl'>): Mailer | null {
  if (!env.SMTP_URL) return null
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    // One connection kept open and reused: the outbox sends one mail after another, and after a burst of
    // registrations a new connection (and greeting, and TLS) per mail made the drain crawl.
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  })
  const from = env.MAIL_FROM ?? defaultSender(env.publicUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message, attachments: message.attachments?.map(madeAttachment) })
    },
    close: () => transport.close(),
  }
}
