/**
 * A failure of the JSON API as both ends hold it (docs/decisions/008-api-errors.md): its status, message,
 * the errors of named fields, and more about it where a failure needs it (`details`, e.g. the attendee of
 * a ticket already scanned). The server throws ApiError (server/errors.server.ts) and answers it in this
 * shape; the browser's client throws ApiRequestError (components/console/api.ts) from that answer.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A message per field, by the field's name (`home.memberCount`). */
    readonly errors?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}
