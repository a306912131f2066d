import { CONFIRMATION } from '../shared/contact-answer'
import { CONTACT_FIELD_NAMES, CONTACT_FIELDS, type ContactFieldName } from '../shared/contact-fields'
import { postJson, showFieldError } from '../ui/public-forms'
import { showToast, TOAST_DURATION } from '../ui/toasts'

/** The contract of POST /api/contact (docs/decisions/008-api-errors.md): 201 { success, message } or 400 with field errors. */
type ContactResponse = { success?: boolean; message?: string; errors?: Record<string, string> }
type Errors = Partial<Record<ContactFieldName, string>>
type Control = HTMLInputElement | HTMLTextAreaElement

async function sendMessage(input: Record<string, unknown>): Promise<ContactResponse> {
  const answer = await postJson<ContactResponse>('/api/contact', input)
  return answer.ok ? answer.body : { ...answer.body, success: false }
}

/**
 * What the browser can tell before sending, from the constraint attributes (required, type=email,
 * maxlength), in the words of the API's schema. The server checks everything again (db/validation.ts).
 */
function checkBeforeSending(control: Control, name: ContactFieldName): string | undefined {
  const label = CONTACT_FIELDS[name].schemaLabel
  if (control.validity.valueMissing || control.value.trim() === '') return `${label} is required`
  if (control.validity.typeMismatch) return 'Enter a valid email address'
  if (control.validity.tooLong) return `${label} is too long`
  return undefined
}

/** Shows or clears a field's error under it, announced at once. */
const showError = (doc: Document, control: Control, message: string | undefined) =>
  showFieldError(doc, control, message, { alert: true })

/**
 * Puts the confirmation (the page's <template>, pages/(public)/(static)/contact/ContactConfirmation.tsx) in
 * the form's place, with the sender's name and address, and moves focus to it. "Write another message"
 * brings the emptied form back. Answers false when the page has no template.
 */
function showConfirmation(
  doc: Document,
  form: HTMLFormElement,
  sender: { name: string; email: string },
  onFormBack: () => void,
): boolean {
  const template = doc.querySelector<HTMLTemplateElement>(`template[${CONFIRMATION.template}]`)
  const confirmation = template?.content
    .querySelector<HTMLElement>(`[${CONFIRMATION.root}]`)
    ?.cloneNode(true) as HTMLElement | undefined
  if (!confirmation) return false
  for (const [part, text] of [
    [CONFIRMATION.name, sender.name],
    [CONFIRMATION.email, sender.email],
  ] as const) {
    const element = confirmation.querySelector(`[${part}]`)
    if (element) element.textContent = text
  }
  confirmation.querySelector(`[${CONFIRMATION.again}]`)?.addEventListener('click', (event) => {
    event.preventDefault()
    confirmation.replaceWith(form)
    onFormBack()
    form.querySelector<HTMLElement>('input, textarea')?.focus()
  })
  form.replaceWith(confirmation)
  confirmation.focus()
  return true
}

/**
 * The contact form's behaviour (markup: pages/(public)/(static)/contact/ContactForm.tsx): sends the form as
 * JSON with the honeypot `website` and `formStartedAt` (docs/decisions/026-contact-form-bot-defences.md), shows 'Sending...' and holds the button
 * meanwhile; a sent message replaces the form with the lasting confirmation, a refused one keeps the fields,
 * shows the server's errors under them and the failure toast of docs/product.md#messages. Loaded by the chrome script on
 * pages with the form.
 */
export function startContactForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
    // When the visitor could first type: the server files messages sent implausibly fast as spam.
    let shownAt = Date.now()
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')
    const label = button?.textContent ?? 'Send Message'
    const controls = new Map(
      CONTACT_FIELD_NAMES.map((name) => [name, form.elements.namedItem(name) as Control] as const),
    )
    const showErrors = (errors: Errors) => {
      for (const [name, control] of controls) showError(doc, control, errors[name])
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (button?.disabled) return
      const found: Errors = {}
      for (const [name, control] of controls) found[name] = checkBeforeSending(control, name)
      showErrors(found)
      const first = CONTACT_FIELD_NAMES.find((name) => found[name])
      if (first) {
        controls.get(first)?.focus()
        return
      }
      const data = new FormData(form)
      const text = (name: string) => String(data.get(name) ?? '')
      if (button) {
        button.disabled = true
        button.textContent = 'Sending...'
      }
      let result: ContactResponse
      try {
        result = await sendMessage({
          name: text('name'),
          email: text('email'),
          message: text('message'),
          website: text('website'),
          formStartedAt: shownAt,
        })
      } catch {
        result = { success: false }
      }
      if (button) {
        button.disabled = false
        button.textContent = label
      }
      if (result.success) {
        showErrors({})
        const sender = { name: text('name').trim(), email: text('email').trim() }
        form.reset()
        const confirmed = showConfirmation(doc, form, sender, () => {
          shownAt = Date.now()
        })
        if (!confirmed) showToast(doc, 'success', 'Message sent successfully', TOAST_DURATION.success)
        return
      }
      const fromServer: Errors = {}
      for (const name of CONTACT_FIELD_NAMES) fromServer[name] = result.errors?.[name]
      showErrors(fromServer)
      showToast(doc, 'error', 'Message sending failed', TOAST_DURATION.error)
    })
  }
}
