import type { FieldErrors } from '#db/validation'
import { ApiFailure } from '../shared/api-failure'

/**
 * The browser's one way to the JSON API, the console's and the door's (same origin: the browser sends the session cookie and its
 * Origin, which the API requires for cookie-authenticated writes). Failures throw ApiRequestError with
 * the server's message and field errors (docs/decisions/008-api-errors.md), so react-query and the forms can tell them apart.
 */

/** A request the API refused or could not answer (status 0: no answer at all). */
export class ApiRequestError extends ApiFailure {
  override name = 'ApiRequestError'
}

/** What a network failure (no answer at all) says to the person. */
export const NETWORK_FAILURE = 'The server could not be reached. Check your connection and try again.'

/** The product's fixed failure text, for a failure the server did not explain (docs/product.md#messages). */
export const SOMETHING_WENT_WRONG = 'Something went wrong'

/** What a failed request says to the person: the API's own message, or `fallback` for any other failure. */
export const failureText = (failure: unknown, fallback = SOMETHING_WENT_WRONG): string =>
  failure instanceof ApiRequestError ? failure.message : fallback

type Body = { success?: boolean; message?: string; errors?: FieldErrors; details?: Record<string, unknown> }

export async function api<Result>(
  path: string,
  options: { method?: string; json?: unknown; body?: FormData; signal?: AbortSignal } = {},
): Promise<Result> {
  const headers: Record<string, string> = { accept: 'application/json' }
  let body: BodyInit | undefined = options.body
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiRequestError(0, NETWORK_FAILURE)
  }
  let parsed: Body | undefined
  try {
    parsed = (await response.json()) as Body
  } catch {
    parsed = undefined
  }
  if (!response.ok || !parsed || parsed.success !== true) {
    const message = parsed?.message ?? `The server answered ${response.status}.`
    throw new ApiRequestError(response.status, message, parsed?.errors, parsed?.details)
  }
  return parsed as Result
}

/** A list's page, sort and search as query parameters of the API (docs/decisions/009-ids-and-list-parameters.md). */
type ListParams = {
  page: number
  pageSize: number
  sort?: string
  q?: string
  /** A list's own filters (the inbox's status and dates); empty values are left out. */
  filters?: Record<string, string>
}

export function listPath(path: string, params: ListParams): string {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.sort) search.set('sort', params.sort)
  if (params.q) search.set('q', params.q)
  for (const [name, value] of Object.entries(params.filters ?? {})) if (value) search.set(name, value)
  return `${path}?${search}`
}

/** POST /api/uploads: one image, answered with its site-relative URL (docs/decisions/017-uploads-on-this-server.md). */
export async function uploadImage(file: File, purpose?: 'certificate-background'): Promise<string> {
  const form = new FormData()
  form.append('image', file)
  const url = purpose ? `/api/uploads?purpose=${purpose}` : '/api/uploads'
  const answer = await api<{ data: { url: string } }>(url, { method: 'POST', body: form })
  return answer.data.url
}
