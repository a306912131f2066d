/** Toast durations of docs/product.md#constants: 4 s by default and for errors, 2 s for success. */
export const TOAST_DURATION = { default: 4000, success: 2000, error: 4000 } as const
/** At most this many toasts at once (docs/product.md#constants); the oldest go first. */
export const MAX_TOASTS = 20

type ToastKind = 'success' | 'error'

const tones: Record<ToastKind, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
}

/**
 * Shows a toast in the page's outlet (components/ui/Toaster.tsx) for `duration` milliseconds, with a
 * button to close it sooner. A few lines instead of a toast library: pages that use it ship no framework.
 */
export function showToast(
  doc: Document,
  kind: ToastKind,
  message: string,
  duration: number = TOAST_DURATION[kind],
): void {
  const list = doc.querySelector('[data-toasts]')
  if (!list) return
  const item = doc.createElement('li')
  item.className = `pointer-events-auto flex w-full items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${tones[kind]}`
  item.dataset.toast = kind
  const text = doc.createElement('span')
  text.className = 'flex-1'
  text.textContent = message
  const close = doc.createElement('button')
  close.type = 'button'
  close.className = 'rounded px-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2'
  close.setAttribute('aria-label', 'Close')
  close.textContent = '×'
  const timer = setTimeout(() => item.remove(), duration)
  close.addEventListener('click', () => {
    clearTimeout(timer)
    item.remove()
  })
  item.append(text, close)
  list.append(item)
  while (list.children.length > MAX_TOASTS) list.firstElementChild?.remove()
}
