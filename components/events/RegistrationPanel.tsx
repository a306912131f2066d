import type { ReactNode } from 'react'
import { PublicField, PublicFieldError } from '#components/form/PublicField'
import { PUBLIC_CONTROL_CLASS } from '#components/ui/public-forms'
import { LIMITS } from '#db/limits'
import {
  answerFieldName,
  CHECKED,
  type LinkRequestState,
  type RegistrationFormState,
  registrationFieldId,
} from '#db/registration-fields'
import type { PaymentMethod } from '#db/schema-enums'
import { PAYMENT_METHOD_LABELS, type RegistrationForm } from '#db/validation'
import { type Availability, availabilityText } from './availability'

/** What the event page knows about registering for the event (never anything about the attendees). */
export type RegistrationPanelData = RegistrationForm &
  Availability & {
    eventId: string
    /** Whether mail goes out (SMTP_URL is set): "Send me my link" is offered only then. */
    mailConfigured: boolean
  }

function TextInput({
  name,
  label,
  state,
  type = 'text',
  required = false,
  maxLength,
  autoComplete,
  hint,
  note,
}: {
  name: string
  label: string
  state: RegistrationFormState | null
  type?: 'text' | 'email' | 'tel'
  required?: boolean
  maxLength: number
  autoComplete?: string
  hint?: string
  /** What the label says beside it instead of "(optional)" or nothing (a field required on a condition). */
  note?: string
}) {
  return (
    <PublicField
      id={registrationFieldId(name)}
      name={name}
      label={label}
      note={note ?? (required ? undefined : 'optional')}
      hint={hint}
      error={state?.errors[name]}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          required={required}
          maxLength={maxLength}
          autoComplete={autoComplete}
          defaultValue={state?.values[name] ?? ''}
          className={PUBLIC_CONTROL_CLASS}
        />
      )}
    </PublicField>
  )
}

function Question({
  question,
  state,
}: {
  question: RegistrationForm['questions'][number]
  state: RegistrationFormState | null
}) {
  const name = answerFieldName(question.id)
  const id = registrationFieldId(name)
  const error = state?.errors[name]
  if (question.type === 'checkbox') {
    return (
      <div data-field={name}>
        <div className="flex items-start gap-3">
          <input
            id={id}
            name={name}
            type="checkbox"
            value={CHECKED}
            required={question.required}
            defaultChecked={state?.values[name] === CHECKED}
            className="mt-1 size-5 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
          />
          <label htmlFor={id} className="text-slate-800">
            {question.label}
            {question.required ? null : <span className="text-slate-600"> (optional)</span>}
          </label>
        </div>
        <PublicFieldError id={id} message={error} />
      </div>
    )
  }
  if (question.type === 'choice') {
    return (
      <PublicField
        id={id}
        name={name}
        label={question.label}
        note={question.required ? undefined : 'optional'}
        error={error}
      >
        {(control) => (
          <select
            {...control}
            name={name}
            required={question.required}
            defaultValue={state?.values[name] ?? ''}
            className={PUBLIC_CONTROL_CLASS}
          >
            <option value="">Choose…</option>
            {(question.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </PublicField>
    )
  }
  return (
    <TextInput
      name={name}
      label={question.label}
      state={state}
      required={question.required}
      maxLength={LIMITS.answer}
    />
  )
}

/** How a receipt of each method is named in the transaction ID's hint. */
const RECEIPT_NAMES: Record<Exclude<PaymentMethod, 'door'>, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  bank: 'bank',
}

/** "a, b or c". */
const eitherOf = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`

function Payment({
  fees,
  methods,
  instructions,
  state,
}: {
  fees: number
  methods: readonly PaymentMethod[]
  instructions: string
  state: RegistrationFormState | null
}) {
  const error = state?.errors.paymentMethod
  const groupId = registrationFieldId('paymentMethod')
  const online = methods.filter((method): method is Exclude<PaymentMethod, 'door'> => method !== 'door')
  const atTheDoor = methods.includes('door')
  return (
    <>
      {instructions ? (
        <section
          aria-labelledby="payment-instructions-heading"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <h3 id="payment-instructions-heading" className="font-semibold">
            How to pay
          </h3>
          <p className="mt-1 whitespace-pre-line break-words">{instructions}</p>
        </section>
      ) : null}
      <fieldset
        data-field="paymentMethod"
        id={groupId}
        {...(error ? { 'aria-describedby': `${groupId}-error` } : {})}
      >
        <legend className="text-sm font-semibold text-slate-800">
          How did you pay the fee of {fees.toLocaleString('en-US')} BDT?
        </legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {methods.map((method) => (
            <label key={method} className="inline-flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                required
                defaultChecked={state?.values.paymentMethod === method}
                className="size-5 border-slate-400 text-brand-700 focus:ring-brand-600"
                {...(error ? { 'aria-invalid': true } : {})}
              />
              {PAYMENT_METHOD_LABELS[method]}
            </label>
          ))}
        </div>
        <PublicFieldError id={groupId} message={error} />
      </fieldset>
      {online.length > 0 ? (
        <TextInput
          name="transactionId"
          label="Transaction ID"
          state={state}
          required={!atTheDoor}
          note={atTheDoor ? 'required unless you pay at the door' : undefined}
          maxLength={LIMITS.transactionId}
          hint={`From your ${eitherOf(online.map((method) => RECEIPT_NAMES[method]))} receipt. Your seat is confirmed once the organisers have checked it.`}
        />
      ) : null}
    </>
  )
}

function Notice({ tone, children }: { tone: 'info' | 'error'; children: ReactNode }) {
  const colours =
    tone === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-brand-200 bg-brand-50 text-brand-900'
  return <div className={`mt-4 rounded-lg border px-4 py-3 ${colours}`}>{children}</div>
}

/**
 * Registration on the event page (docs/product.md#registration): how many seats are left (or the waiting
 * list, or when it opens) and the form. Rendered on the server only, the same for every visitor (the
 * front cache keeps it). Without scripts the form posts to /events/{id}/register, which answers with this
 * page again holding the visitor's values and errors, or with their manage page; the enhancer
 * (registration-form.ts, [data-registration-form]) sends it to the API in place.
 */
/**
 * "Send me my link": a registered address gets the link to its registration again. Posts to
 * /events/{id}/registration-link without scripts; the enhancer sends it to the API in place. The answer is
 * the same whether or not the address is registered.
 */
function LinkRequest({ eventId, state }: { eventId: string; state: LinkRequestState | null }) {
  const invalid = state?.error === true
  return (
    <section aria-labelledby="link-request-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h3 id="link-request-heading" className="text-lg font-semibold text-slate-900">
        Already registered?
      </h3>
      <p className="mt-1 text-slate-600">
        Lost the mail with your link? We send it again to the address you registered with.
      </p>
      <form
        method="post"
        action={`/events/${eventId}/registration-link`}
        noValidate
        data-link-request-form
        data-event-id={eventId}
        aria-labelledby="link-request-heading"
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="grow">
          <label htmlFor="link-request-email" className="block text-sm font-semibold text-slate-800">
            Your email
          </label>
          <input
            id="link-request-email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.email}
            autoComplete="email"
            defaultValue={state?.email ?? ''}
            className={PUBLIC_CONTROL_CLASS}
            aria-describedby="link-request-answer"
            {...(invalid ? { 'aria-invalid': true } : {})}
          />
        </div>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-wait disabled:opacity-70"
        >
          Send me my link
        </button>
      </form>
      <p
        id="link-request-answer"
        role="status"
        data-link-request-answer
        className={`mt-2 text-sm empty:hidden ${invalid ? 'text-red-700' : 'text-slate-700'}`}
      >
        {state?.message ?? ''}
      </p>
    </section>
  )
}

export function RegistrationPanel({
  panel,
  state,
  linkRequest,
}: {
  panel: RegistrationPanelData
  state: RegistrationFormState | null
  linkRequest: LinkRequestState | null
}) {
  const formOpen = panel.state === 'open' || panel.state === 'waitlist'
  const errorCount = Object.keys(state?.errors ?? {}).length
  return (
    <section
      id="register"
      aria-labelledby="register-heading"
      className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="register-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Register
      </h2>
      <p className="mt-2 text-lg font-semibold text-slate-800" data-registration-availability>
        {availabilityText(panel)}
      </p>
      {panel.state === 'waitlist' ? (
        <p className="mt-1 text-slate-600">
          When a seat frees up, the first in line gets it by mail. You will see your place in line after
          registering.
        </p>
      ) : null}
      {state?.message || errorCount > 0 ? (
        <div role="alert">
          <Notice tone="error">
            {state?.message ?? 'Some fields are not valid: see the notes beside them.'}
          </Notice>
        </div>
      ) : null}
      {formOpen ? (
        <form
          method="post"
          action={`/events/${panel.eventId}/register`}
          noValidate
          data-registration-form
          data-event-id={panel.eventId}
          data-form={JSON.stringify({
            fees: panel.fees,
            questions: panel.questions.map(({ id, type }) => ({ id, type })),
          })}
          aria-labelledby="register-heading"
          className="mt-6 grid gap-5 sm:grid-cols-2"
        >
          <TextInput
            name="name"
            label="Full name"
            state={state}
            required
            maxLength={LIMITS.name}
            autoComplete="name"
          />
          <TextInput
            name="email"
            label="Email"
            type="email"
            state={state}
            required
            maxLength={LIMITS.email}
            autoComplete="email"
          />
          <TextInput
            name="phone"
            label="Phone"
            type="tel"
            state={state}
            maxLength={LIMITS.phone}
            autoComplete="tel"
          />
          {panel.questions.map((question) => (
            <div key={question.id} className={question.type === 'checkbox' ? 'sm:col-span-2' : ''}>
              <Question question={question} state={state} />
            </div>
          ))}
          {panel.fees > 0 ? (
            <div className="grid gap-5 sm:col-span-2">
              <Payment
                fees={panel.fees}
                methods={panel.paymentMethods}
                instructions={panel.paymentInstructions}
                state={state}
              />
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <div data-registration-result aria-live="polite" />
            <button
              type="submit"
              className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
            >
              {panel.state === 'waitlist' ? 'Join the waiting list' : 'Register'}
            </button>
            <p className="mt-3 text-sm text-slate-600">
              We use your details for this event only. You get a mail with a private link to see or cancel
              your registration.
            </p>
          </div>
        </form>
      ) : null}
      {panel.mailConfigured ? <LinkRequest eventId={panel.eventId} state={linkRequest} /> : null}
    </section>
  )
}
