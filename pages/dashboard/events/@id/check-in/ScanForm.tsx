import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { buttonStyles, inputStyles } from '#components/ui/styles'

/**
 * The ticket field: typed or pasted by hand, or filled by a USB or Bluetooth scanner that types the
 * code and presses Enter. It keeps the focus after each scan, so the next one goes in too. Uncontrolled:
 * nothing renders per keystroke.
 */
export function ScanForm({
  disabled,
  loading,
  onScan,
}: {
  disabled: boolean
  loading: boolean
  onScan: (text: string) => Promise<void>
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  /** Enter on an empty field: said, rather than nothing happening. */
  const [empty, setEmpty] = useState(false)

  useEffect(() => {
    if (!disabled) input.current?.focus()
  }, [disabled])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Read from the field itself: a scanner types faster than anything else on the page renders.
    const field = input.current
    if (!field) return
    const value = field.value.trim()
    field.value = ''
    field.focus()
    setEmpty(!value)
    if (value) void onScan(value)
  }

  return (
    <form onSubmit={submit} className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Ticket code
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={loading ? 'Loading the attendee list…' : 'Scan or type the code'}
          aria-describedby={`${id}-empty`}
          className={`${inputStyles} min-w-0 flex-1`}
        />
        <button type="submit" className={buttonStyles.primary} disabled={disabled}>
          Check in
        </button>
      </div>
      <p id={`${id}-empty`} role="status" className="text-sm font-medium text-red-800">
        {empty ? 'The ticket field is empty: scan a ticket or type its code.' : ''}
      </p>
    </form>
  )
}
