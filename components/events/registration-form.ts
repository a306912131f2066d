import { registrationBodyOf, registrationFieldId } from '#db/registration-fields'
import type { RegistrationForm } from '#db/validation'
import { postJson, showFieldError } from '../ui/public-forms'
import { type Availability, availabilityText } from './availability'
import { type RegisteredStatus, registeredText, whereTheMailWent } from './registered-text'

/** The answer of POST /api/events/{id}/registrations (docs/product.md#registration). */
type RegistrationAnswer = {
  success?: boolean
  message?: string
  errors?: Record<string, string>
  registration?: { status: RegisteredStatus; position?: number; manageUrl: string; mailedTo?: string }
  /** The event's registration once this one is counted. */
  availability?: Pick<Availability, 'state' | 'seatsLeft'>
}

const FAILED = 'Registration failed: check your connection and try again.'

/** POSTs to the event's registration API; a failure without the server's own message says FAILED. */
async function send(
  eventId: string,
  body: Record<string, unknown>,
  path = 'registrations',
  expected = 201,
): Promise<RegistrationAnswer> {
  const answer = await postJson<RegistrationAnswer>(`/api/events/${eventId}/${path}`, body, expected)
  return answer.ok ? answer.body : { ...answer.body, success: false, message: answer.body.message ?? FAILED }
}

/** Shows or clears the error of the field called `name`, tied to its control as the server writes it. */
function showError(doc: Document, form: HTMLFormElement, name: string, message: string | undefined): void {
  const control = doc.getElementById(registrationFieldId(name))
  if (!control || !form.contains(control)) {
    doc.getElementById(`${registrationFieldId(name)}-error`)?.remove()
    return
  }
  const radios = control.tagName === 'FIELDSET' ? [...control.querySelectorAll('input')] : [control]
  showFieldError(doc, control, message, {
    placeIn: control.closest('[data-field]') ?? control,
    inputs: radios,
  })
}

/** The seats left, counting the registration just made, wherever the page says them. */
function showAvailability(doc: Document, availability: Pick<Availability, 'state' | 'seatsLeft'>): void {
  // The opening time is never needed: a registration just went in, so registration is open.
  const line = availabilityText({ ...availability, opensText: null, timeZone: '' })
  for (const element of doc.querySelectorAll('[data-registration-availability]')) element.textContent = line
  if (availability.state !== 'open' && availability.state !== 'waitlist')
    for (const link of doc.querySelectorAll<HTMLElement>('a[href="#register"]')) link.hidden = true
  else if (availability.state === 'waitlist')
    for (const link of doc.querySelectorAll<HTMLElement>('a[href="#register"]'))
      link.textContent = 'Join the waiting list'
}

/**
 * The event page's registration form in place (markup: RegistrationPanel.tsx): sends it to the API as
 * JSON, holds the button meanwhile, puts the server's field errors beside their fields and keeps the
 * values; once registered, the form gives way to what happened and the manage link. Without scripts the
 * same form posts to the server, which answers with a page (server/api/registration-forms.server.ts).
 */
export function startRegistrationForms(doc: Document): void {
  startLinkRequestForms(doc)
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-registration-form]')) {
    const eventId = form.dataset.eventId ?? ''
    const config = JSON.parse(form.dataset.form ?? '{}') as Pick<RegistrationForm, 'questions' | 'fees'>
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')
    const label = button?.textContent ?? 'Register'
    const result = form.querySelector<HTMLElement>('[data-registration-result]')
    const shownErrors = new Set<string>()

    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (button?.disabled) return
      const data = new FormData(form)
      const value = (name: string) => {
        const entry = data.get(name)
        return typeof entry === 'string' ? entry : undefined
      }
      if (button) {
        button.disabled = true
        button.textContent = 'Sending...'
      }
      const answer = await send(eventId, registrationBodyOf(value, config))
      if (button) {
        button.disabled = false
        button.textContent = label
      }
      for (const name of shownErrors) showError(doc, form, name, undefined)
      shownErrors.clear()
      if (answer.success && answer.registration) {
        const done = doc.createElement('div')
        done.setAttribute('role', 'status')
        done.tabIndex = -1
        done.className = 'mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950'
        const { status, position, mailedTo } = answer.registration
        const text = doc.createElement('p')
        text.className = 'text-lg font-semibold'
        text.textContent = registeredText(status, position)
        const mail = doc.createElement('p')
        mail.className = 'mt-2'
        mail.textContent = whereTheMailWent(status, mailedTo ?? null)
        const link = doc.createElement('a')
        link.href = new URL(answer.registration.manageUrl).pathname
        link.className = 'mt-3 inline-block font-semibold text-brand-800 underline'
        link.textContent = 'See or cancel your registration'
        done.append(text, mail, link)
        form.replaceWith(done)
        if (answer.availability) showAvailability(doc, answer.availability)
        done.focus()
        return
      }
      const errors = answer.errors ?? {}
      for (const [name, message] of Object.entries(errors)) {
        showError(doc, form, name, message)
        shownErrors.add(name)
      }
      if (result) {
        result.className = 'mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900'
        result.textContent =
          Object.keys(errors).length > 0
            ? 'Some fields are not valid: see the notes beside them.'
            : (answer.message ?? FAILED)
      }
      const first = Object.keys(errors)[0]
      const control = first ? doc.getElementById(registrationFieldId(first)) : null
      ;(control?.tagName === 'FIELDSET' ? control.querySelector('input') : control)?.focus()
    })
  }
}

/** "Send me my link" in place (markup: LinkRequest in RegistrationPanel.tsx): the API's answer under the field. */
function startLinkRequestForms(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-link-request-form]')) {
    const eventId = form.dataset.eventId ?? ''
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]')
    const input = form.querySelector<HTMLInputElement>('input[name=email]')
    const answerLine = doc.getElementById('link-request-answer')
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (!input || button?.disabled) return
      if (button) button.disabled = true
      const answer = await send(eventId, { email: input.value }, 'registrations/link', 202)
      if (button) button.disabled = false
      const message = answer.errors?.email ?? answer.message ?? FAILED
      const failed = answer.success !== true
      if (failed) input.setAttribute('aria-invalid', 'true')
      else input.removeAttribute('aria-invalid')
      if (answerLine) {
        answerLine.textContent = message
        answerLine.classList.toggle('text-red-700', failed)
        answerLine.classList.toggle('text-slate-700', !failed)
      }
      if (failed) input.focus()
    })
  }
}
