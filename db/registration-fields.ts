import type { PaymentMethod } from './schema-enums'
import type { RegistrationForm } from './validation'

/**
 * The event page's registration form (components/events/RegistrationPanel.tsx): its field names and ids,
 * shared by the markup, the enhancer that sends it in place (registration-form.ts) and the server route
 * that takes it without scripts, which all read a filled-in form the same way (registrationBodyOf).
 */

/** What the server answers the form with when it comes without scripts: the values sent and what was wrong. */
export type RegistrationFormState = {
  values: Record<string, string>
  errors: Record<string, string>
  /** Why nothing was registered, beyond the fields (registration closed, the email already registered…). */
  message?: string
}

/** The event page's "Send me my link" answered without scripts: the address sent, and what to say about it. */
export type LinkRequestState = { email: string; message: string; error: boolean }

/** What a "send me my link" request is told, registered or not (the API and the page alike). */
export const LINK_REQUEST_ANSWER =
  'If this address is registered for the event, a mail with the link to its registration is on its way.'

/** A question's field: its name is the API's error key (`answers.<questionId>`). */
export const answerFieldName = (questionId: string) => `answers.${questionId}`

/** The id of a field's control (an error under it is `<id>-error`). */
export const registrationFieldId = (name: string) => `registration-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`

/** The value a ticked checkbox sends. */
export const CHECKED = 'yes'

/**
 * The API's body (POST /api/events/{id}/registrations) from a filled-in form, read through `value` (a
 * field's text, undefined when not sent): empty optional fields left out, a question's checkbox true or
 * false, a text answer as typed (the server trims and checks it).
 */
export function registrationBodyOf(
  value: (name: string) => string | undefined,
  form: Pick<RegistrationForm, 'questions' | 'fees'>,
): Record<string, unknown> {
  const answers: Record<string, string | boolean> = {}
  for (const question of form.questions) {
    const answer = value(answerFieldName(question.id))
    if (question.type === 'checkbox') answers[question.id] = answer === CHECKED
    else if (answer !== undefined && answer !== '') answers[question.id] = answer
  }
  const body: Record<string, unknown> = {
    name: value('name') ?? '',
    email: value('email') ?? '',
    answers,
  }
  const phone = value('phone')?.trim()
  if (phone) body.phone = phone
  if (form.fees > 0) {
    const method = value('paymentMethod')
    if (method) body.paymentMethod = method as PaymentMethod
    const transaction = value('transactionId')?.trim()
    if (transaction) body.transactionId = transaction
  }
  return body
}
