import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import pino from 'pino'
import { pinoHttp } from 'pino-http'
import type { ServedRequest } from './front-cache.server'
import type { Logger } from './logger.server'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An incoming id is kept only when it is short and plain (a proxy's UUID), so it cannot forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The id of a request: the one a proxy sent when it is sane, otherwise a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

function requestIdOnResponse(req: IncomingMessage, res: ServerResponse): string {
  const id = requestId(req)
  res.setHeader(REQUEST_ID_HEADER, id)
  return id
}

/** The time as pino writes it, made once per millisecond (a cache hit takes a few microseconds). */
let isoMillisecond = 0
let isoText = ''
function isoNow(): string {
  const now = Date.now()
  if (now !== isoMillisecond) {
    isoMillisecond = now
    isoText = new Date(now).toISOString()
  }
  return isoText
}

type LineStream = { write: (text: string) => void }
/** Lines of cache hits waiting for the end of this turn of the event loop, per destination. */
const pendingHits = new Map<LineStream, string>()

function flushHits(): void {
  for (const [stream, text] of pendingHits) stream.write(text)
  pendingHits.clear()
}

/**
 * The line of a request the front cache answered (server/front-cache.server.ts), with the fields of
 * pino-http's lines. Written straight to the logger's destination: going through pino (its serializers and
 * redaction, a child logger per request) took about 40% of a cache hit's time (issue 6), and the lines of
 * one turn of the event loop go out in one write (a write call per line cost more than making the line).
 * It carries nothing to redact: id, method, path, address, status, time.
 */
export function logServedRequest(logger: Logger, served: ServedRequest): void {
  if (!logger.isLevelEnabled('info')) return
  const stream = (logger as unknown as Record<symbol, LineStream | undefined>)[pino.symbols.streamSym]
  if (!stream) return
  const address =
    served.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(served.remoteAddress)}`
  const line = `{"level":${logger.levels.values.info},"time":"${isoNow()}","req":{"id":${JSON.stringify(served.id)},"method":"${served.method}","url":${JSON.stringify(served.url)}${address}},"res":{"statusCode":${served.status}},"responseTime":${Math.round(performance.now() - served.startedAt)},"cache":"hit","msg":"request completed"}\n`
  if (pendingHits.size === 0) setImmediate(flushHits)
  pendingHits.set(stream, (pendingHits.get(stream) ?? '') + line)
}

/**
 * One line per request with its id, method, path, status and time. Headers and bodies are not logged
 * at all, so tokens, cookies and passwords cannot reach a log line this way; the logger's redaction
 * list guards every other line.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestIdOnResponse,
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
