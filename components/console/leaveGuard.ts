import { useEffect } from 'react'

/**
 * Unsaved changes in the console's forms, and the question before they are lost. Vike (0.4.266) has no
 * navigation guard of its own, so the console's <UnsavedChangesGuard> (rendered once by its layout) stops
 * the ways of leaving a page before they happen: a link's click (captured before Vike's router sees it),
 * the back and forward buttons (the popstate captured before Vike's listener, the URL put back while the
 * question is asked), and a reload or a closed tab (the browser's own beforeunload prompt). Code that
 * navigates by itself (the command palette, Logout) asks `confirmLeaving()` first.
 */

const dirtyForms = new Set<symbol>()

/** Vike's mark on each history entry it keeps: when it was made, so back and forward can be told apart. */
export const entryTime = (state: unknown): number | undefined => {
  const time = (state as { vike?: { timestamp?: unknown } } | null)?.vike?.timestamp
  return typeof time === 'number' ? time : undefined
}

/** The history entry of the page whose forms hold the changes (noted when the first change is made). */
let changedEntry: number | undefined

export const changedEntryTime = () => changedEntry

/** Whether some form on the page holds changes that are not saved. */
export const hasUnsavedChanges = () => dirtyForms.size > 0

/** Forgets every form's changes: the person chose to leave without saving. */
export const discardUnsavedChanges = () => dirtyForms.clear()

/** The question, as the guard's dialog asks it; null while no guard is mounted (then the browser asks). */
let ask: (() => Promise<boolean>) | null = null

export function setLeaveQuestion(question: (() => Promise<boolean>) | null): void {
  ask = question
}

export const LEAVE_QUESTION = 'Leave this page? The changes you made are not saved and will be lost.'

/**
 * Whether the person may leave the page now: at once without unsaved changes, otherwise after asking.
 * Leaving forgets the changes, so the next question is not asked again on the way out.
 */
export async function confirmLeaving(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true
  const leave = ask ? await ask() : window.confirm(LEAVE_QUESTION)
  if (leave) discardUnsavedChanges()
  return leave
}

/** A form's part: while `dirty`, leaving the page asks first. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const form = Symbol('form')
    if (dirtyForms.size === 0) changedEntry = entryTime(window.history.state)
    dirtyForms.add(form)
    return () => {
      dirtyForms.delete(form)
    }
  }, [dirty])
}
