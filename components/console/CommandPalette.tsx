import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ConsoleLink } from '../layout/consoleNavigation'

const PaletteDialog = lazy(() => import('./PaletteDialog'))

/**
 * The command palette's opener: Ctrl+K or ⌘K anywhere in the console, or the header's Search button.
 * The dialog itself (PaletteDialog.tsx) is loaded the first time it opens.
 */
export function CommandPalette({ links }: { links: ConsoleLink[] }) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  // What is typed between the shortcut and the dialog's arrival becomes its first query.
  const typedEarly = useRef('')
  const openRef = useRef(open)
  openRef.current = open
  const show = (next: boolean) => {
    if (next) setUsed(true)
    setOpen(next)
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault()
        // Set at once, not at the next render: the keys typed right after the shortcut count.
        openRef.current = !openRef.current
        setUsed(true)
        setOpen(openRef.current)
      } else if (
        openRef.current &&
        !(
          document.activeElement instanceof HTMLElement && document.activeElement.closest('[role="dialog"]')
        ) &&
        event.key.length === 1 &&
        !event.ctrlKey &&
        !event.metaKey
      ) {
        event.preventDefault()
        typedEarly.current += event.key
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <>
      <button
        type="button"
        onClick={() => show(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-brand-800 sm:min-h-0"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
          <path
            d="M9 15A6 6 0 1 0 9 3a6 6 0 0 0 0 12ZM17 17l-3.5-3.5"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd className="hidden rounded border border-brand-600 px-1 text-[0.65rem] text-brand-100 md:inline">
          Ctrl K
        </kbd>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <PaletteDialog
            links={links}
            open={open}
            setOpen={show}
            initialQuery={() => {
              const typed = typedEarly.current
              typedEarly.current = ''
              return typed
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
