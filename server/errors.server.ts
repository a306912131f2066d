import { ApiFailure } from '#components/shared/api-failure'

/**
 * A failure the API answers on purpose, in the JSON shape of docs/decisions/008-api-errors.md. Thrown by
 * services, policy and uploads alike (it knows nothing of HTTP beyond its status); the API's error handler
 * (server/api/errors.server.ts) answers it. Subclasses may carry more for the client in `details`.
 * Its fields are ApiFailure's, the shape the browser's client reads back.
 */
export class ApiError extends ApiFailure {
  override name = 'ApiError'
}

/** The message of a 400 whose `errors` name the fields. */
export const INVALID_INPUT = 'Some fields are not valid.'

/** Runs a write; a UNIQUE constraint it hits (two requests racing for the same email) becomes a 409. */
export function conflictOnDuplicate<Result>(write: () => Result, message: string): Result {
  try {
    return write()
  } catch (error) {
    if ((error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE') throw new ApiError(409, message)
    throw error
  }
}
