import type { ContactFieldName } from './contact-fields'

/**
 * What the contact page shows after its plain POST (a browser without scripts, server/api/contact-form.server.ts):
 * the confirmation of a sent message, or the form again with what was typed, the field errors and why it
 * was refused. A page rendered for a GET has none.
 */
export type ContactFormAnswer =
  | { kind: 'sent'; name: string; email: string }
  | {
      kind: 'refused'
      values: Record<ContactFieldName, string>
      errors: Partial<Record<ContactFieldName, string>>
      /** Above the form: what went wrong as a whole. */
      message: string
    }

/** The data-* names the confirmation's markup and the enhancer share. */
export const CONFIRMATION = {
  /** The confirmation itself, and the <template> the enhancer clones it from. */
  root: 'data-contact-confirmation',
  template: 'data-contact-confirmation-template',
  name: 'data-contact-name',
  email: 'data-contact-email',
  /** "Write another message": a link to the empty form; with scripts, the form comes back in place. */
  again: 'data-contact-again',
} as const
