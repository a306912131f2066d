import { CONTACT_FIELDS, type ContactFieldName } from '../../../../components/contact/contact-fields'
import { LIMITS } from '../../../../db/limits'

const controlClass =
  'mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600'

const maxLength: Record<ContactFieldName, number> = {
  name: LIMITS.name,
  email: LIMITS.email,
  message: LIMITS.message,
}

function Field({ name }: { name: ContactFieldName }) {
  const field = CONTACT_FIELDS[name]
  const common = {
    id: field.id,
    name,
    required: true,
    maxLength: maxLength[name],
    className: controlClass,
  }
  return (
    <div data-field={name}>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {field.label}
      </label>
      {name === 'message' ? (
        <textarea rows={6} {...common} />
      ) : (
        <input
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={name === 'email' ? 'email' : 'name'}
          {...common}
        />
      )}
    </div>
  )
}

/**
 * The contact form (docs/product.md#public-routes, docs/decisions/022-form-labels-and-errors.md), rendered on the server only: the chrome script's enhancer
 * (components/contact/contact-form.ts, [data-contact-form]) sends it as JSON, shows the pending label and
 * the toasts, puts the server's field errors under their fields, clears the fields on success and keeps
 * them on failure. The constraint attributes come from the shared LIMITS; the API's zod schema
 * (db/validation.ts) decides.
 */
export function ContactForm() {
  return (
    <form method="post" noValidate data-contact-form className="space-y-5" aria-label="Contact form">
      <Field name="name" />
      <Field name="email" />
      <Field name="message" />
      {/* The honeypot: people never see or reach it; a bot that fills it in is answered but not stored. */}
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
