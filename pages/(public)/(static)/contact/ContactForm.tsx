import { PublicField } from '#components/form/PublicField'
import type { ContactFormAnswer } from '#components/shared/contact-answer'
import { CONTACT_FIELDS, type ContactFieldName } from '#components/shared/contact-fields'
import { PUBLIC_CONTROL_CLASS } from '#components/ui/public-forms'
import { LIMITS } from '#db/limits'

const maxLength: Record<ContactFieldName, number> = {
  name: LIMITS.name,
  email: LIMITS.email,
  message: LIMITS.message,
}

type Refused = Extract<ContactFormAnswer, { kind: 'refused' }>

/** A field with what was typed and its error after a refused plain POST, as the enhancer shows errors. */
function Field({ name, value, error }: { name: ContactFieldName; value?: string; error?: string }) {
  const field = CONTACT_FIELDS[name]
  return (
    <PublicField id={field.id} name={name} label={field.label} error={error} alert>
      {(control) => {
        const common = {
          ...control,
          name,
          required: true,
          maxLength: maxLength[name],
          className: PUBLIC_CONTROL_CLASS,
          defaultValue: value,
        }
        return name === 'message' ? (
          <textarea rows={6} {...common} />
        ) : (
          <input
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'email' ? 'email' : 'name'}
            {...common}
          />
        )
      }}
    </PublicField>
  )
}

/**
 * The contact form (docs/product.md#public-routes, docs/decisions/022-form-labels-and-errors.md), rendered on the server only: the chrome script's enhancer
 * (components/contact/contact-form.ts, [data-contact-form]) sends it as JSON, shows the pending label,
 * puts the server's field errors under their fields and keeps what was typed on failure, and replaces
 * the form with the confirmation on success. Without scripts it is a plain POST to /contact, answered by
 * this page again (server/api/contact-form.server.ts): the confirmation, or the form with `refused`'s values
 * and errors. The constraint attributes come from the shared LIMITS; the API's zod schema
 * (db/validation.ts) decides.
 */
export function ContactForm({ refused }: { refused?: Refused }) {
  return (
    <form
      method="post"
      action="/contact"
      noValidate
      data-contact-form
      className="space-y-5"
      aria-label="Contact form"
    >
      {refused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      {(['name', 'email', 'message'] as const).map((name) => (
        <Field key={name} name={name} value={refused?.values[name]} error={refused?.errors[name]} />
      ))}
      {/* The honeypot: people never see or reach it; a bot that fills it in is answered but kept as spam. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        Send Message
      </button>
    </form>
  )
}
