import { toast } from 'sonner'

/**
 * Toasts with the durations of spec §9: 4000 ms by default and for errors, 2000 ms for a success,
 * a loading toast until it is replaced; at most 20 on screen (the oldest go first).
 */
export const TOAST_DURATION_MS = 4000
export const SUCCESS_DURATION_MS = 2000
export const MAX_TOASTS = 20

function keepAtMost(limit: number): void {
  const active = toast.getToasts()
  for (const old of active.slice(0, Math.max(0, active.length - limit))) toast.dismiss(old.id)
}

type Id = string | number

export const notify = {
  success(message: string, id?: Id): Id {
    const created = toast.success(message, { duration: SUCCESS_DURATION_MS, id })
    keepAtMost(MAX_TOASTS)
    return created
  },
  error(message: string, id?: Id): Id {
    const created = toast.error(message, { duration: TOAST_DURATION_MS, id })
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
}
