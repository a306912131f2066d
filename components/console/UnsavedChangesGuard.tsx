import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import {
  changedEntryTime,
  confirmLeaving,
  discardUnsavedChanges,
  entryTime,
  hasUnsavedChanges,
  setLeaveQuestion,
} from './leaveGuard'

/** A click that would follow a link to another page of this site in this tab (what Vike's router takes). */
function linkToAnotherPage(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement)) return null
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href, window.location.href)
  // Another site: the browser leaves the page, and beforeunload asks.
  if (url.origin !== window.location.origin) return null
  // A jump within this page (the skip link): nothing is lost.
  const here = `${window.location.pathname}${window.location.search}`
  if (`${url.pathname}${url.search}` === here && url.hash) return null
  return link
}

/**
 * The console's guard against losing typed text (components/console/leaveGuard.ts): rendered once by the
 * console's layout, it asks in a dialog before a link, the back or forward button or code that navigates
 * leaves a page with unsaved changes, and lets the browser ask before a reload or a closed tab.
 */
export function UnsavedChangesGuard() {
  const [open, setOpen] = useState(false)
  const answer = useRef<((leave: boolean) => void) | null>(null)

  useEffect(() => {
    setLeaveQuestion(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current?.(false)
          answer.current = resolve
          setOpen(true)
        }),
    )

    // Captured on the window, before Vike's router (listening on the document) follows the link.
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges()) return
      const link = linkToAnotherPage(event)
      if (!link) return
      event.preventDefault()
      event.stopPropagation()
      void confirmLeaving().then((leave) => {
        // The same click again, now without changes to lose: Vike's router follows it as usual.
        if (leave) link.click()
      })
    }

    let restoring = false
    // A capturing listener on the window runs before Vike's (not capturing) one, which it can stop.
    const onPopState = (event: PopStateEvent) => {
      if (restoring) {
        // The URL put back while the question is asked: Vike must not render anything for it.
        restoring = false
        event.stopImmediatePropagation()
        return
      }
      // A step back or forward from the changed page's entry (a hash change has no entry of Vike's).
      const from = changedEntryTime()
      const to = entryTime(event.state)
      if (!hasUnsavedChanges() || from === undefined || to === undefined || to === from) return
      event.stopImmediatePropagation()
      const step = to < from ? -1 : 1
      restoring = true
      window.history.go(-step)
      void confirmLeaving().then((leave) => {
        if (leave) window.history.go(step)
      })
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }

    window.addEventListener('click', onClick, true)
    window.addEventListener('popstate', onPopState, true)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      answer.current?.(false)
      answer.current = null
      setLeaveQuestion(null)
      window.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPopState, true)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [])

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return
        answer.current?.(false)
        answer.current = null
        setOpen(false)
      }}
      title="Leave without saving?"
      description={<p>The changes you made on this page are not saved. If you leave now, they are lost.</p>}
      cancelLabel="Stay on this page"
      confirmLabel="Leave without saving"
      onConfirm={() => {
        discardUnsavedChanges()
        answer.current?.(true)
        answer.current = null
      }}
    />
  )
}
