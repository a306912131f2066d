/** The contact form's fields: their ids and visible labels (docs/decisions/022-form-labels-and-errors.md), shared by markup and enhancer. */
export const CONTACT_FIELDS = {
  name: { id: 'contact-name', label: 'Full Name', schemaLabel: 'Full name' },
  email: { id: 'contact-email', label: 'Email', schemaLabel: 'Email' },
  message: { id: 'contact-message', label: 'Message', schemaLabel: 'Message' },
} as const

export type ContactFieldName = keyof typeof CONTACT_FIELDS
export const CONTACT_FIELD_NAMES = Object.keys(CONTACT_FIELDS) as ContactFieldName[]
