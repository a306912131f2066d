import { type ComponentProps, type ReactNode, useId } from 'react'
import { inputStyles } from '../ui/styles'

/** The attributes that tie a control to its label, hint and error (docs/decisions/022-form-labels-and-errors.md). */
type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type FieldProps = {
  label: string
  error?: string | undefined
  hint?: ReactNode
  /** Set by fields whose control is not a plain input (the image field). */
  id?: string
  className?: string
  children: (control: ControlProps) => ReactNode
}

/**
 * A labelled control with its hint and its error under it. The error is announced (role=alert) and
 * named by the control's aria-describedby, so a screen reader reads it again on focus.
 */
export function Field({ label, error, hint, id, className = '', children }: FieldProps) {
  const { control, hintId, errorId } = useTies(id, error, hint)
  return (
    <div className={className}>
      <label htmlFor={control.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(control)}
      <HintAndError hint={hint} hintId={hintId} error={error} errorId={errorId} spacing="mt-1" />
    </div>
  )
}

/** The ids of a control, its hint and its error, and the attributes that tie them. */
export function useTies(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const control: ControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  }
  return { control, hintId, errorId }
}

export function HintAndError({
  hint,
  hintId,
  error,
  errorId,
  spacing = '',
}: {
  hint: ReactNode
  hintId: string | undefined
  error: string | undefined
  errorId: string | undefined
  spacing?: string
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={`${spacing} text-xs text-slate-500`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={`${spacing} text-xs font-medium text-red-700`}>
          {error}
        </p>
      ) : null}
    </>
  )
}

export type Shared = { label: string; error?: string | undefined; hint?: ReactNode; fieldClassName?: string }

export function TextField({
  label,
  error,
  hint,
  fieldClassName,
  ...input
}: Shared & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <input {...input} {...control} className={inputStyles} />}
    </Field>
  )
}

export function TextAreaField({
  label,
  error,
  hint,
  fieldClassName,
  ...textarea
}: Shared & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => <textarea {...textarea} {...control} className={`${inputStyles} leading-relaxed`} />}
    </Field>
  )
}

export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  children,
  ...select
}: Shared & ComponentProps<'select'>) {
  return (
    <Field label={label} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <select {...select} {...control} className={inputStyles}>
          {children}
        </select>
      )}
    </Field>
  )
}
