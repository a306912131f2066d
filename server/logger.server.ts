import { createRequire } from 'node:module'
import pino from 'pino'

export type Logger = pino.Logger

/** Paths that must never reach a log line: passwords, tokens, cookies and bodies (docs/decisions/031-request-logs.md, docs/decisions/031-request-logs.md). */
export const redactedPaths = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'body',
  '*.body',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
]

/** The longest a log line waits in the buffer of standard output. */
const LOG_FLUSH_INTERVAL_MS = 1_000

/**
 * Standard output, buffered: pino's default is a synchronous write(2) per line, which under load (a line
 * per cached page, tens of thousands a second) held the event loop in the kernel and left the server
 * larger after the benchmark (RSS 254 MB, ~190-230 MB buffered; docs/decisions/043-buffered-log-output.md). Lines go out in blocks of 4 KB,
 * or after at most a second; pino writes what is left when the process exits (a SIGKILL loses at most
 * that second of lines).
 */
function bufferedStandardOutput(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_INTERVAL_MS })
}

export type LogFormat = 'json' | 'pretty'

/**
 * How log lines are written: LOG_FORMAT when set; otherwise readable lines for a person at a terminal, and
 * JSON lines (one object each, for journald, a log shipper, jq) under a supervisor or into a pipe or file.
 */
export function logFormatFor(configured: LogFormat | undefined, isTTY: boolean | undefined): LogFormat {
  return configured ?? (isTTY ? 'pretty' : 'json')
}

/**
 * Readable lines on standard output (pino-pretty): time, level, message, then the fields. The request log
 * writes its JSON lines to this stream too; pino-pretty reads them line by line. Loaded only when asked
 * for, so a JSON start pays nothing for it.
 */
function prettyStandardOutput(colorize: boolean): pino.DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty')
  return pretty({
    destination: 1,
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  })
}

export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ??
      (format === 'pretty' ? prettyStandardOutput(Boolean(process.stdout.isTTY)) : bufferedStandardOutput()),
  )
}
