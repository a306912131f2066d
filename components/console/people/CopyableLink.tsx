import { type ReactNode, useId } from 'react'
import { LocalTime } from '../../ui/LocalTime'
import { buttonStyles, inputStyles } from '../../ui/styles'
import { notify } from '../notify'
import { PublicUrlWarning } from '../publicUrl'

/**
 * A link to hand over: shown in a read-only field with a Copy button, and when it stops working; a warning
 * above it when PUBLIC_URL makes it work only on this machine.
 */
export function CopyableLink({
  label,
  url,
  intro,
  expiresAt,
  lifetime = 'It works once',
}: {
  label: string
  url: string
  intro: ReactNode
  expiresAt: string
  /** How long it works, before "until <expiry>". */
  lifetime?: string
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      notify.success('Link copied')
    } catch {
      notify.error('Copying failed: select the link and copy it')
    }
  }
  const id = useId()
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <PublicUrlWarning />
      {intro}
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          readOnly
          value={url}
          className={`${inputStyles} font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={buttonStyles.secondary} onClick={copy}>
          Copy link
        </button>
      </div>
      <p className="text-xs text-slate-500">
        {lifetime}, until <LocalTime at={expiresAt} />.
      </p>
    </div>
  )
}
