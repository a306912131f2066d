import type { FormEvent, ReactNode } from 'react'
import { SubmitButton } from './SubmitButton'

/**
 * A console form (useApiForm's `submit` as `onSubmit`): no browser validation (the schema's errors show
 * under the fields), its fields, then its submit button in a row of its own (`footerClassName`: a grid's
 * full width, say), held while the form saves (`pending`) or while `busy` (a picture uploading).
 */
export function ApiForm({
  onSubmit,
  pending,
  busy = false,
  label,
  pendingLabel,
  className,
  footerClassName,
  labelledBy,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>
  pending: boolean
  busy?: boolean
  label: string
  pendingLabel: string
  className: string
  footerClassName?: string
  /** The heading that names the form, when a page has several. */
  labelledBy?: string
  children: ReactNode
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className={className}>
      {children}
      <div className={footerClassName}>
        <SubmitButton pending={pending} label={label} pendingLabel={pendingLabel} disabled={busy} />
      </div>
    </form>
  )
}
