import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { type ReactNode, useState } from 'react'
import { Spinner } from '../ui/Spinner'
import { buttonStyles } from '../ui/styles'

type Props = {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode
  /** Opened from code instead of a trigger (a question asked before a save or a navigation). */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: string
  /** Names what goes (docs/decisions/023-confirm-before-delete.md), or what happens. */
  description: ReactNode
  confirmLabel?: string
  pendingLabel?: string
  cancelLabel?: string
  /** `danger` for what cannot be taken back at once (deletes, losing typed text); `primary` otherwise. */
  tone?: 'danger' | 'primary'
  /** Runs on confirm; the dialog stays open (and busy) until it settles, and closes after. */
  onConfirm: () => Promise<unknown> | unknown
}

/**
 * A question before a delete (docs/decisions/023-confirm-before-delete.md) or before anything else that
 * deserves a second thought: Cancel has the focus, Escape cancels, and the dialog traps focus and hands it
 * back to its trigger (or to what had it).
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
}: Props) {
  const [ownOpen, setOwnOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const open = controlledOpen ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    onOpenChange?.(next)
  }

  const confirm = async () => {
    setPending(true)
    try {
      await onConfirm()
    } finally {
      setPending(false)
      setOpen(false)
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        {/* Below 640 px the dialog fills the screen. */}
        <AlertDialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-white p-5 shadow-2xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg">
          <AlertDialog.Title className="text-base font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-slate-600">{description}</div>
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonStyles.secondary} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button type="button" className={buttonStyles[tone]} onClick={confirm} disabled={pending}>
              {pending ? <Spinner /> : null}
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
