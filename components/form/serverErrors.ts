import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiRequestError, NETWORK_FAILURE } from '../console/api'

/**
 * Puts the server's field errors (docs/decisions/008-api-errors.md `errors`) under the form's fields and returns the
 * message for the toast: the server's message, as docs/product.md#messages asks for failed saves.
 */
export function showServerErrors<Values extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): string {
  if (!(failure instanceof ApiRequestError)) return NETWORK_FAILURE
  let first = true
  for (const [field, message] of Object.entries(failure.errors ?? {})) {
    // A list's items come as `field.index` (an extra recipient's address, say).
    const known = (fields as readonly string[]).some((name) => field === name || field.startsWith(`${name}.`))
    if (!known) continue
    setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: first })
    first = false
  }
  return failure.message
}
