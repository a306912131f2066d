/** True while the person types: a text field, a select or an editable region has the focus. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (!(target instanceof HTMLInputElement)) return false
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)
}

/** A dialog (ours or Radix's) is open: the page behind it takes no shortcuts. */
export const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null

/** A line of the `?` dialog: the keys, and what they do. */
export type Shortcut = readonly [keys: string, what: string]

/** The keys of a paged, searchable console list, for the `?` dialog. */
export const TABLE_SHORTCUTS: readonly Shortcut[] = [
  ['/', 'Search this list'],
  ['j or ↓', 'Next row'],
  ['k or ↑', 'Previous row'],
  ['Enter', 'Open the row'],
  ['x', 'Select the row (Shift+x extends the selection)'],
  ['e', 'Edit the row'],
  ['Delete', 'Delete the row (asks first)'],
  ['Ctrl+K or ⌘K', 'Go to a page or find anything'],
  ['?', 'This list of shortcuts'],
]
