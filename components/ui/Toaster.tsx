import { Toaster as Sonner } from 'sonner'

/** Toast durations of spec §9: 4 s by default and for errors, 2 s for success; loading toasts stay. */
export const TOAST_DURATION = { default: 4000, success: 2000, error: 4000 } as const

/** The toasts' outlet; at most 20 are kept (spec §9). */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION.default}
      visibleToasts={20}
      richColors
      closeButton
    />
  )
}
