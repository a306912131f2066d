import type { Database, Queryable } from '#db/client.server'
import { findEventById } from '#db/queries/events.server'
import { enqueueOutboxMails } from '#db/queries/outbox.server'
import { findRegistrationById, findRegistrationSettings } from '#db/queries/registrations.server'
import type { OutboxMail, Registration } from '#db/schema'
import type { MailMessage } from '../mail/mailer.server'
import type { OutboxHandle } from '../mail/outbox.server'
import {
  type MailContext,
  type RegistrationMailInput,
  recipeOf,
  registrationMail,
} from '../mail/registration-mails.server'

/** A registration's mail before its manage link is added (the queue adds it). */
export type RegistrationMailDraft = Omit<RegistrationMailInput, 'manageUrl'>

/** The mails of a confirmed registration that carry its ticket. */
const TICKET_MAIL_KINDS = new Set<RegistrationMailInput['kind']>([
  'confirmed',
  'event-restored',
  'reminder',
  'update',
  'ticket',
  'link',
])

/**
 * Attendees' mails: queued in the caller's transaction with what each carries (the manage link, the ticket,
 * the payment instructions), and a mail queued without its text made when it is sent.
 */
export function createRegistrationMailQueue(deps: {
  db: Database
  outbox: OutboxHandle
  mailContext: MailContext
  manageUrlOf: (id: string) => string
  ticketUrlOf?: (registration: Registration) => string
}) {
  const { db, outbox, mailContext, manageUrlOf, ticketUrlOf } = deps

  /** The event's payment instructions for a mail that says where to pay (a paying registration's "received"). */
  const paymentInstructionsFor = (
    tx: Queryable,
    mail: Pick<RegistrationMailInput, 'kind' | 'event' | 'registration'>,
  ): string | undefined =>
    mail.kind === 'pending' && mail.registration.paymentMethod
      ? findRegistrationSettings(tx, mail.event.id)?.paymentInstructions || undefined
      : undefined

  /** The ticket's URL for a mail that carries it: a confirmed registration's confirmation, reminder, … */
  const ticketUrlIn = (mail: Pick<RegistrationMailInput, 'kind' | 'registration'>) =>
    ticketUrlOf && mail.registration.status === 'confirmed' && TICKET_MAIL_KINDS.has(mail.kind)
      ? ticketUrlOf(mail.registration)
      : undefined

  /** A draft with all it carries, read in `tx`. */
  const completed = (tx: Queryable, mail: RegistrationMailDraft): RegistrationMailInput => ({
    ...mail,
    manageUrl: manageUrlOf(mail.registration.id),
    ticketUrl: ticketUrlIn(mail),
    paymentInstructions: paymentInstructionsFor(tx, mail),
  })

  return {
    /** Queues attendees' mails in the caller's transaction; nothing without a mail server. */
    queue(tx: Queryable, mails: RegistrationMailDraft[]): number {
      if (!outbox.configured || mails.length === 0) return 0
      return enqueueOutboxMails(
        tx,
        mails.map((mail) => registrationMail(completed(tx, mail), mailContext)),
        outbox.now(),
      )
    },

    /**
     * A registration's mail queued without its text (registrationMailToMake), made now that it is sent:
     * the registration as it was when queued (status, SEQUENCE), the event as it is. Undefined when either
     * is gone, or the registration was anonymised.
     */
    mailOf(mail: OutboxMail): MailMessage | undefined {
      if (!mail.recipe || !mail.subjectId) return undefined
      const recipe = recipeOf(mail.recipe)
      const stored = findRegistrationById(db, mail.subjectId)
      const event = stored && findEventById(db, stored.eventId)
      if (!stored || !event || stored.anonymisedAt) return undefined
      const registration = { ...stored, status: recipe.status, icsSequence: recipe.icsSequence }
      const made = registrationMail(
        completed(db, { kind: recipe.kind, event, registration, place: recipe.place }),
        mailContext,
      )
      return {
        to: mail.to,
        subject: made.subject,
        text: made.text,
        html: made.html,
        attachments: made.attachments,
      }
    },
  }
}
