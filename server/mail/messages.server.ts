import { longMoment } from '#components/shared/dates'
import type { MailDelivery } from '#db/dto'
import type { Logger } from '../logger.server'
import { buttonHtml, escapeHtml, framedHtml, linkHtml, noteHtml, paragraphHtml } from './frame.server'
import type { Mailer, MailMessage } from './mailer.server'

/** The emails people get: plain text, and the same as simple HTML. Each says who sent it and when it expires. */

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string },
  after: string,
): MailMessage {
  const text = [...paragraphs, link.url, after].join('\n\n')
  const html = framedHtml([
    ...paragraphs.map(paragraphHtml),
    buttonHtml(link.url, link.label),
    noteHtml(`Or open this link: ${linkHtml(link.url, link.url)}`),
    noteHtml(escapeHtml(after)),
  ])
  return { to, subject, text, html }
}

export function invitationMail(input: {
  to: string
  url: string
  invitedBy: string
  place: string
  expiresAt: Date
  /** The site's TIME_ZONE: the expiry is written in it. */
  timeZone: string
}): MailMessage {
  return message(
    input.to,
    `You are invited to ${input.place}`,
    [
      `${input.invitedBy} invited you to ${input.place} on the chapter website's console.`,
      'Choose your name and password here:',
    ],
    { url: input.url, label: 'Accept the invitation' },
    `The link works once and expires on ${longMoment(input.expiresAt, input.timeZone)}. If you did not expect it, ignore this email.`,
  )
}

export function passwordResetMail(input: {
  to: string
  url: string
  expiresAt: Date
  timeZone: string
}): MailMessage {
  return message(
    input.to,
    'Reset your password',
    [
      `Someone, hopefully you, asked the chapter website's console for a new password for ${input.to}.`,
      'Choose a new password here:',
    ],
    { url: input.url, label: 'Choose a new password' },
    `The link works once and expires on ${longMoment(input.expiresAt, input.timeZone)}. If you did not ask for it, ignore this email: your password stays as it is.`,
  )
}

/** Sends a message whose action is already stored: a failure is logged and reported, never thrown. */
export async function deliver(
  mailer: Mailer | null,
  mail: MailMessage,
  logger: Logger,
): Promise<MailDelivery> {
  if (!mailer) return 'not-configured'
  try {
    await mailer.send(mail)
    return 'sent'
  } catch (error) {
    logger.warn({ err: error, subject: mail.subject }, 'sending an email failed')
    return 'failed'
  }
}
