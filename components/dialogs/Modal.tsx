import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useRef } from 'react'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called as the dialog closes, after onOpenChange: to forget what it showed (a result, a step). */
  onClosed?: () => void
  title: ReactNode
  description?: ReactNode
  /** Wider for forms. */
  size?: 'md' | 'lg'
  children: ReactNode
}

/**
 * Dialog.Content's focus handlers for a dialog opened from code rather than a Dialog.Trigger: remember what
 * had the focus as it opens, and hand it back as it closes (when that element is still on the page).
 */
export function useReturnFocus() {
  const returnFocusTo = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocusTo.current
      if (target?.isConnected) {
        event.preventDefault()
        target.focus()
      }
    },
  }
}

/** A Radix dialog: traps focus, Escape and the close button close it, focus returns to where it was. */
export function Modal({ open, onOpenChange, onClosed, title, description, size = 'md', children }: Props) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) onClosed?.()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          // Below 640 px the dialog fills the screen.
          className={`fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md p-1 text-slate-500 sm:min-h-0 sm:min-w-0 hover:bg-slate-100 hover:text-slate-800">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
              >
                <path d="M5 5l10 10M15 5 5 15" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
