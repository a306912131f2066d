import type { ComponentProps } from 'react'
import { HintAndError, type Shared, useTies } from './Field'

/**
 * A checkbox with its label beside it, and its hint and error under the label. Its own module: only the
 * event form has one, and the other console pages' scripts stay without it.
 */
export function CheckboxField({
  label,
  error,
  hint,
  fieldClassName = '',
  ...input
}: Shared & Omit<ComponentProps<'input'>, 'type'>) {
  const { control, hintId, errorId } = useTies(undefined, error, hint)
  return (
    <div className={`flex items-start gap-2.5 ${fieldClassName}`}>
      <input
        {...input}
        {...control}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-400 max-sm:size-5"
      />
      <div>
        <label htmlFor={control.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <HintAndError hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </div>
  )
}
