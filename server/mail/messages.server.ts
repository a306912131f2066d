import { longMoment } from '#components/shared/dates'
import type { OutboxMailFields } from '#db/queries/outbox.server'
import type { OutboxMailKind } from '#db/schema'
import { buttonHtml, escapeHtml, framedHtml, linkHtml, noteHtml, paragraphHtml } from './frame.server'

/**
 * The link mails of the console (an invitation, a password reset), ready for the outbox like every other
 * mail (docs/decisions/104-link-mails-through-the-outbox.md): plain text and the same as HTML in the one
 * frame, from the same parts. Each says who sent it and when its link expires.
 */

function linkMail(
  mail: { kind: OutboxMailKind; subjectId: string; to: string; subject: string },
  paragraphs: string[],
  link: { url: string; label: string },
  after: string,
): OutboxMailFields {
  const text = [...paragraphs, link.url, after].join('\n\n')
  const html = framedHtml([
    ...paragraphs.map(paragraphHtml),
    buttonHtml(link.url, link.label),
    noteHtml(`Or open this link: ${linkHtml(link.url, link.url)}`),
    noteHtml(escapeHtml(after)),
  ])
  return { ...mail, text, html }
}

export function invitationMail(input: {
  /** The invitation's id: its mail is found by it. */
  invitationId: string
  to: string
  url: string
  invitedBy: string
  place: string
  expiresAt: Date
  /** The site's TIME_ZONE: the expiry is written in it. */
  timeZone: string
}): OutboxMailFields {
  return linkMail(
    {
      kind: 'invitation',
      subjectId: input.invitationId,
      to: input.to,
      subject: `You are invited to ${input.place}`,
    },
    [
      `${input.invitedBy} invited you to ${input.place} on the chapter website's console.`,
      'Choose your name and password here:',
    ],
    { url: input.url, label: 'Accept the invitation' },
    `The link works once and expires on ${longMoment(input.expiresAt, input.timeZone)}. If you did not expect it, ignore this email.`,
  )
}

export function passwordResetMail(input: {
  /** The reset link's id. */
  resetId: string
  to: string
  url: string
  expiresAt: Date
  timeZone: string
}): OutboxMailFields {
  return linkMail(
    { kind: 'password-reset', subjectId: input.resetId, to: input.to, subject: 'Reset your password' },
    [
      `Someone, hopefully you, asked the chapter website's console for a new password for ${input.to}.`,
      'Choose a new password here:',
    ],
    { url: input.url, label: 'Choose a new password' },
    `The link works once and expires on ${longMoment(input.expiresAt, input.timeZone)}. If you did not ask for it, ignore this email: your password stays as it is.`,
  )
}
