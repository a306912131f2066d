/**
 * What was typed into the server-rendered form before its scripts ran. React keeps an input's value
 * when it hydrates it, but sets a textarea's back to its text; so the values are read here, when the
 * page's scripts are first evaluated (before hydration), and `restoreTypedValue` puts one back when its
 * field registers with the form.
 */
const typed = new WeakMap<Element, string>()

if (typeof document !== 'undefined' && !document.documentElement.hasAttribute('data-hydrated')) {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'form input, form textarea',
  )) {
    if (field.value !== field.defaultValue) typed.set(field, field.value)
  }
}

/** Once per field: puts back the text typed before hydration, if hydration replaced it. */
export function restoreTypedValue(field: Element | null): void {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
  const value = typed.get(field)
  if (value === undefined) return
  typed.delete(field)
  if (field.value !== value) field.value = value
}
