import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import pino from 'pino'
import type { FrontCache, ServedRequest } from './front-cache.server'
import { type Logger, maskTokens } from './logger.server'

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id (requestLogger). */
    id?: string
  }
}

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

/** Writes the request lines still waiting for the end of this turn (shutdown calls it before its last line). */
export function flushHits(): void {
  for (const [stream, text] of pendingHits) stream.write(text)
  pendingHits.clear()
}

type RequestLine = {
  level: 'info' | 'warn' | 'error'
  id: string
  method: string
  url: string
  remoteAddress: string | undefined
  status: number
  startedAt: number
  cache?: 'hit'
  msg: string
}

/**
 * The line of one request, in the fields of pino-http's lines, written straight to the logger's
 * destination: going through pino (its serializers and redaction, a child logger per request) took about
 * 40% of a cache hit's time and about 9% of an API request's, and the lines of one turn of the
 * event loop go out in one write (a write call per line cost more than making the line). It carries
 * nothing to redact (id, method, path, address, status, time); token-shaped parts of the path are masked.
 */
function writeRequestLine(logger: Logger, line: RequestLine): void {
  if (!logger.isLevelEnabled(line.level)) return
  const stream = (logger as unknown as Record<symbol, LineStream | undefined>)[pino.symbols.streamSym]
  if (!stream) return
  const address =
    line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`
  const cache = line.cache === undefined ? '' : `,"cache":"${line.cache}"`
  const text = `{"level":${logger.levels.values[line.level]},"time":"${isoNow()}","req":{"id":${JSON.stringify(line.id)},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(maskTokens(line.url))}${address}},"res":{"statusCode":${line.status}},"responseTime":${Math.round(performance.now() - line.startedAt)}${cache},"msg":"${line.msg}"}\n`
  if (pendingHits.size === 0) setImmediate(flushHits)
  pendingHits.set(stream, (pendingHits.get(stream) ?? '') + text)
}

/**
 * The line with what the front cache answered, stored and dropped since the previous one, when anything: with
 * LOG_CACHE_HITS off, hits have no line each (docs/decisions/105-front-cache-hits-counted.md).
 */
export function logFrontCacheCounts(logger: Logger, cache: FrontCache): void {
  const counts = cache.countsSinceLastRead()
  if (Object.values(counts).every((count) => count === 0)) return
  logger.info({ frontCache: { ...counts, entries: cache.size, bytes: cache.bytes } }, 'front cache')
}

/** The line of a request the front cache answered (server/front-cache.server.ts). */
export function logServedRequest(logger: Logger, served: ServedRequest): void {
  writeRequestLine(logger, { ...served, level: 'info', cache: 'hit', msg: 'request completed' })
}

/**
 * The logger for a line about one request (an error): `logger` with the request's id, method, path and
 * address, once requestLogger gave it an id; `logger` itself before. Made when a line needs it: a getter
 * defined on each request for it gave every request an object shape of its own, which slowed every
 * middleware after it (about 5% of an API request).
 */
export function requestLog(req: IncomingMessage & { originalUrl?: string }, logger: Logger): Logger {
  if (req.id === undefined) return logger
  const { id, method } = req
  return logger.child({
    req: { id, method, url: req.originalUrl ?? req.url, remoteAddress: req.socket.remoteAddress },
  })
}

/**
 * One line per request with its id, method, path, status and time, once its answer is sent (or the
 * client went away first). Headers and bodies are not logged at all, so tokens, cookies and passwords
 * cannot reach a log line this way; the logger's redaction list guards every other line. Lines about
 * the request (its errors) come from requestLog, which carries the request's id.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now()
    const id = requestIdOnResponse(req, res)
    const { method } = req
    const url = req.originalUrl
    const remoteAddress = req.socket.remoteAddress
    req.id = id
    // Hashed build files are not worth a line each.
    if (!url.startsWith('/assets/')) {
      res.once('close', () => {
        const finished = res.writableFinished
        const status = res.statusCode
        writeRequestLine(logger, {
          level: !finished || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
          id,
          method,
          url,
          remoteAddress,
          status,
          startedAt,
          msg: finished ? 'request completed' : 'request aborted',
        })
      })
    }
    next()
  }
}
