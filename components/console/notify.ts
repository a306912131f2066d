import { toast } from 'sonner'
import { MAX_TOASTS, TOAST_DURATION } from '../ui/toasts'

/**
 * The console's toasts (sonner) with the durations and limit of docs/product.md#constants that the public toasts use too
 * (components/ui/toasts.ts); a loading toast stays until it is replaced.
 */
export { MAX_TOASTS }
export const TOAST_DURATION_MS = TOAST_DURATION.default

function keepAtMost(limit: number): void {
  const active = toast.getToasts()
  for (const old of active.slice(0, Math.max(0, active.length - limit))) toast.dismiss(old.id)
}

type Id = string | number

export const notify = {
  success(message: string, id?: Id): Id {
    const created = toast.success(message, { duration: TOAST_DURATION.success, id })
    keepAtMost(MAX_TOASTS)
    return created
  },
  error(message: string, id?: Id): Id {
    const created = toast.error(message, { duration: TOAST_DURATION.error, id })
    keepAtMost(MAX_TOASTS)
    return created
  },
  /** A success that can be taken back: the toast stays `duration` ms with an Undo button. */
  undoable(message: string, options: { description: string; duration: number; onUndo: () => void }): Id {
    const created = toast.success(message, {
      description: options.description,
      duration: options.duration,
      action: { label: 'Undo', onClick: options.onUndo },
    })
    keepAtMost(MAX_TOASTS)
    return created
  },
  /** Stays until success() or error() is called with the id it returns. */
  loading(message: string): Id {
    const created = toast.loading(message)
    keepAtMost(MAX_TOASTS)
    return created
  },
  dismiss(id: Id): void {
    toast.dismiss(id)
  },
  /** Every toast now shown (a page's old news, before the person moves on). */
  dismissAll(): void {
    toast.dismiss()
  },
}
