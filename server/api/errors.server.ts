import type { ErrorRequestHandler, RequestHandler, Response } from 'express'
import type { FieldErrors } from '#db/validation'
import { ApiError } from '../errors.server'
import type { Logger } from '../logger.server'
import { requestLog } from '../request-log.server'

/** The API's error answer: `{ success: false, message, errors?, details? }` (docs/decisions/008-api-errors.md). */
export function sendError(
  res: Response,
  status: number,
  message: string,
  errors?: FieldErrors,
  details?: Record<string, unknown>,
): void {
  res.status(status).json({
    success: false,
    message,
    ...(errors ? { errors } : {}),
    ...(details ? { details } : {}),
  })
}

export const apiNotFound: RequestHandler = (req, res) => {
  sendError(res, 404, `No API route for ${req.method} ${req.baseUrl}${req.path}`)
}

/** Errors raised by express.json() and friends, mapped to the status docs/decisions/008-api-errors.md gives them. */
const bodyParserErrors: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'The request body is too large.'],
  'encoding.unsupported': [415, 'The request body uses an unsupported encoding.'],
  'charset.unsupported': [415, 'The request body uses an unsupported character set.'],
  'entity.verify.failed': [400, 'The request body could not be read.'],
  'request.aborted': [400, 'The request was aborted.'],
  'request.size.invalid': [400, 'The request body size does not match its Content-Length.'],
  'stream.encoding.set': [500, 'Internal server error'],
  'parameters.too.many': [413, 'The request has too many parameters.'],
}

/** The last handler under /api: every failure becomes JSON, and a 500 says nothing about the internals. */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    if (error instanceof ApiError) {
      sendError(res, error.status, error.message, error.errors, error.details)
      return
    }
    const type = typeof error?.type === 'string' ? error.type : ''
    const mapped = bodyParserErrors[type]
    if (mapped && mapped[0] < 500) {
      sendError(res, mapped[0], mapped[1])
      return
    }
    // Other client errors raised by Express itself, e.g. a path with broken percent-encoding.
    const status = Number(error?.status ?? error?.statusCode)
    if (!mapped && Number.isInteger(status) && status >= 400 && status < 500) {
      sendError(res, status, status === 404 ? 'Not found.' : 'Bad request.')
      return
    }
    // The request's own logger, so the line carries its request id.
    requestLog(req, logger).error({ err: error }, 'API request failed')
    sendError(res, 500, 'Internal server error')
  }
}
