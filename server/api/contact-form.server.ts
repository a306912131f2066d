import express, { type RequestHandler } from 'express'
import type { ContactFormAnswer } from '#components/shared/contact-answer'
import { CONTACT_FIELD_NAMES, type ContactFieldName } from '#components/shared/contact-fields'
import { contactInputSchema, toFieldErrors } from '#db/validation'
import type { AppContext } from '../context.server'
import { receiveContactMessage } from '../mail/contact-notification.server'
import type { OutboxHandle } from '../mail/outbox.server'
import { contactMessageLimit } from './rate-limits.server'

/** A form of three fields and the honeypot: the JSON API's limit is plenty, even percent-encoded. */
const FORM_BODY_LIMIT = '100kb'

type FieldTexts = Record<ContactFieldName, string>

/** A field of the posted form as text: a missing or repeated field reads as empty. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** What the page shows for the posted form: the confirmation, or the form again and why it was refused. */
function answerOf(
  ctx: AppContext,
  outbox: OutboxHandle,
  body: Record<string, unknown>,
  rateLimited: string | undefined,
): { status: number; answer: ContactFormAnswer } {
  const values = Object.fromEntries(
    CONTACT_FIELD_NAMES.map((name) => [name, textOf(body[name])]),
  ) as FieldTexts
  if (rateLimited)
    return { status: 429, answer: { kind: 'refused', values, errors: {}, message: rateLimited } }
  const website = typeof body.website === 'string' ? body.website : undefined
  const parsed = contactInputSchema.safeParse({ ...values, website })
  if (!parsed.success) {
    const all = toFieldErrors(parsed.error)
    const errors = Object.fromEntries(
      CONTACT_FIELD_NAMES.flatMap((name) => (all[name] ? [[name, all[name]]] : [])),
    )
    const message = 'Message sending failed: check the fields below.'
    return { status: 400, answer: { kind: 'refused', values, errors, message } }
  }
  const stored = receiveContactMessage(ctx, outbox, parsed.data)
  return { status: 200, answer: { kind: 'sent', name: stored.name, email: stored.email } }
}

/**
 * The contact page's form without scripts: a plain POST to /contact, checked by the API's schema, stored
 * (or kept as spam) exactly as POST /api/contact does, and answered by the contact page rendered for this
 * request (`pages`, with the answer in `res.locals.contactForm`): the confirmation (a bot's answer too), or
 * the form again with what was typed and the errors (400), or the rate limit's refusal (429).
 */
export function contactFormPost(
  ctx: AppContext,
  outbox: OutboxHandle,
  pages: RequestHandler,
): RequestHandler[] {
  const answer: RequestHandler = (req, res, next) => {
    const body =
      typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {}
    const { status, answer } = answerOf(ctx, outbox, body, res.locals.rateLimited)
    res.locals.contactForm = answer
    res.locals.pageStatus = status
    pages(req, res, next)
  }
  return [express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }), contactMessageLimit(ctx), answer]
}
