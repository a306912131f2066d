import { Spinner } from '../ui/Spinner'
import { buttonStyles } from '../ui/styles'

/** A form's submit button: disabled while the form is busy, with the pending label of docs/product.md#console-screens. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  disabled = false,
}: {
  pending: boolean
  label: string
  pendingLabel: string
  disabled?: boolean
}) {
  return (
    <button type="submit" className={buttonStyles.primary} disabled={pending || disabled}>
      {pending ? <Spinner /> : null}
      {pending ? pendingLabel : label}
    </button>
  )
}
