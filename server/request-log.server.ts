import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import type { Logger } from './logger.server'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An incoming id is kept only when it is short and plain (a proxy's UUID), so it cannot forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id']
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
  res.setHeader(REQUEST_ID_HEADER, id)
  return id
}

/**
 * One line per request with its id, method, path, status and time. Headers and bodies are not logged
 * at all, so tokens, cookies and passwords cannot reach a log line this way; the logger's redaction
 * list guards every other line.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Hashed build files are not worth a line each.
    autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
  })
}
