import type { ReactNode } from 'react'
import { PUBLIC_FIELD_ERROR_CLASS } from '../ui/public-forms'

/**
 * The public site's form fields (the contact form and registration; the link request's one field shares
 * their control's look), rendered on the server for pages that ship no framework. Their errors look and are tied exactly as the forms' scripts put
 * them (showFieldError of components/ui/public-forms.ts), so a field reads the same with or without
 * scripts. The console's fields are components/form/Field.tsx: another look, the same ties.
 */

/** The attributes that tie a control to its error, or else to its hint. */
export type PublicControlProps = {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** A field's error under it; `alert` where it must be announced on a page shown again after a refused post. */
export function PublicFieldError({
  id,
  message,
  alert = false,
}: {
  id: string
  message: string | undefined
  alert?: boolean
}) {
  if (!message) return null
  return (
    <p id={`${id}-error`} role={alert ? 'alert' : undefined} className={PUBLIC_FIELD_ERROR_CLASS}>
      {message}
    </p>
  )
}

/**
 * A labelled control (`children`, given the attributes that tie it) with its hint above it and its error
 * under it. `name` marks the field for the form's script (`data-field`); `note` is what the label says
 * in brackets beside it ("optional").
 */
export function PublicField({
  id,
  name,
  label,
  note,
  hint,
  error,
  alert,
  children,
}: {
  id: string
  name: string
  label: string
  note?: string | undefined
  hint?: string | undefined
  error: string | undefined
  alert?: boolean
  children: (control: PublicControlProps) => ReactNode
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const control: PublicControlProps = error
    ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` }
    : hintId
      ? { id, 'aria-describedby': hintId }
      : { id }
  return (
    <div data-field={name}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {note ? <span className="font-normal text-slate-600"> ({note})</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children(control)}
      <PublicFieldError id={id} message={error} alert={alert} />
    </div>
  )
}
