/**
 * What the public pages' small form scripts share (the contact form, registration and its link request):
 * posting JSON to the API and putting a field's error under it, as the server-rendered page does without
 * scripts. No framework: these run on pages that ship none.
 */

/** The API's answer: its JSON body (an empty object when it sent none) and whether it is the one hoped for. */
export type PostAnswer<Body> = {
  ok: boolean
  body: Partial<Body> & { message?: string; errors?: Record<string, string> }
}

/** POSTs `body` as JSON; `ok` when the status is `expected`. A network failure is `{ ok: false, body: {} }`. */
export async function postJson<Body>(path: string, body: unknown, expected = 201): Promise<PostAnswer<Body>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json().catch(() => ({}))) as PostAnswer<Body>['body']
    return { ok: response.status === expected, body: answer }
  } catch {
    return { ok: false, body: {} }
  }
}

/** A public form's field error, as the server renders it (components/form/PublicField.tsx) and a script puts it. */
export const PUBLIC_FIELD_ERROR_CLASS = 'mt-1.5 text-sm text-red-700'

/** A public form's text control, select or text area. */
export const PUBLIC_CONTROL_CLASS =
  'mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600'

/**
 * Shows or clears the error of a field, tied to its control (`aria-invalid`, `aria-describedby`). The
 * error goes after `placeAfter` or into `placeIn`; `inputs` are what is marked invalid (a fieldset's
 * radios), the control itself unless given; `alert` makes it announced at once.
 */
export function showFieldError(
  doc: Document,
  control: HTMLElement,
  message: string | undefined,
  options: { placeIn?: Element; inputs?: Element[]; alert?: boolean } = {},
): void {
  const errorId = `${control.id}-error`
  doc.getElementById(errorId)?.remove()
  const inputs = options.inputs ?? [control]
  if (!message) {
    for (const input of inputs) input.removeAttribute('aria-invalid')
    if (control.getAttribute('aria-describedby') === errorId) control.removeAttribute('aria-describedby')
    return
  }
  const error = doc.createElement('p')
  error.id = errorId
  if (options.alert) error.setAttribute('role', 'alert')
  error.className = PUBLIC_FIELD_ERROR_CLASS
  error.textContent = message
  if (options.placeIn) options.placeIn.append(error)
  else control.after(error)
  for (const input of inputs) input.setAttribute('aria-invalid', 'true')
  control.setAttribute('aria-describedby', errorId)
}
