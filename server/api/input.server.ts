import type { Request } from 'express'
import type { z } from 'zod'
import { idParamSchema, slugParamSchema, toFieldErrors } from '#db/validation'
import { ApiError, INVALID_INPUT } from '../errors.server'

/**
 * Reading what a request brings, each through its zod schema (db/validation.ts), so that a handler
 * only ever sees valid input: failures are 400 with `errors` per field, or 415 for a body that is not JSON.
 */

export function readJson<Schema extends z.ZodType>(req: Request, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(readJsonObject(req))
  if (!result.success) throw new ApiError(400, INVALID_INPUT, toFieldErrors(result.error))
  return result.data
}

/** The body as a JSON object, not yet checked: for a schema that depends on the row it is about. */
export function readJsonObject(req: Request): object {
  if (!req.is('application/json')) {
    throw new ApiError(415, 'Send the data as JSON, with Content-Type: application/json.')
  }
  const body: unknown = req.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'The request body must be a JSON object.')
  }
  return body
}

export function readQuery<Schema extends z.ZodType>(req: Request, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(req.query)
  if (!result.success) throw new ApiError(400, 'The query string is not valid.', toFieldErrors(result.error))
  return result.data
}

export function readParam(req: Request, name: string, schema: z.ZodType<string>): string {
  const result = schema.safeParse(req.params[name])
  if (!result.success)
    throw new ApiError(400, INVALID_INPUT, { [name]: result.error.issues[0]?.message ?? '' })
  return result.data
}

/** The `:id` of the path, 24 hex characters. */
export const readId = (req: Request) => readParam(req, 'id', idParamSchema)

/** The `:slug` of the path. */
export const readSlug = (req: Request) => readParam(req, 'slug', slugParamSchema)

/** The row, or a 404 naming what was not found. */
export function found<Row>(row: Row | undefined, what: string): Row {
  if (row === undefined) throw new ApiError(404, `${what} not found.`)
  return row
}
