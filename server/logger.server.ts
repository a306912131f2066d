import { createRequire } from 'node:module'
import { Writable } from 'node:stream'
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

// Character codes of what maskTokens reads.
const SLASH = 0x2f
const EQUALS = 0x3d
const DOT = 0x2e
const HYPHEN = 0x2d
const UNDERSCORE = 0x5f
const LOWER = 1
const UPPER = 2
const DIGIT = 4
/** Uploads are named by their content's hash and shown on public pages: not a secret. */
const UPLOADS_PREFIX = '/uploads/'

/** LOWER, UPPER or DIGIT for a letter or digit, 0 for `-` and `_`, -1 for anything else. */
function classOf(code: number): number {
  if (code >= 0x61 && code <= 0x7a) return LOWER
  if (code >= 0x41 && code <= 0x5a) return UPPER
  if (code >= 0x30 && code <= 0x39) return DIGIT
  return code === HYPHEN || code === UNDERSCORE ? 0 : -1
}

const mixes = (classes: number, atLeast: number) =>
  (classes & LOWER ? 1 : 0) + (classes & UPPER ? 1 : 0) + (classes & DIGIT ? 1 : 0) >= atLeast

/** A record id (db/ids.server.ts): 24 lowercase hex digits, not a secret, and what an operator looks for. */
function isRecordId(text: string, start: number, end: number): boolean {
  if (end - start !== 24) return false
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k)
    if (!((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66))) return false
  }
  return true
}

/**
 * Whether `text[start, end)`, a run of letters, digits, `-` and `_`, looks random rather than like a word,
 * a slug, a date or a file name: 16 or more characters with a piece (between `-` and `_`) of 6 or more
 * that mixes two of lower case, upper case and digits; or 8 to 15 characters without `-` or `_` mixing
 * all three (a short code). Words, slugs (`application-for-technical-cosponsorship`, `team-spark-21`),
 * dates, backup names, build chunk names and record ids are none of these; 256-bit tokens in base64url
 * or hex (not one in a million missed), UUIDs and a JWT's parts are.
 */
function runIsTokenShaped(text: string, start: number, end: number): boolean {
  const length = end - start
  if (length < 8) return false
  if (length < 16) {
    let classes = 0
    for (let k = start; k < end; k++) {
      const found = classOf(text.charCodeAt(k))
      if (found === 0) return false
      classes |= found
    }
    return mixes(classes, 3)
  }
  if (isRecordId(text, start, end)) return false
  let pieceLength = 0
  let pieceClasses = 0
  for (let k = start; k <= end; k++) {
    const found = k === end ? 0 : classOf(text.charCodeAt(k))
    if (found !== 0) {
      pieceLength++
      pieceClasses |= found
    } else if (pieceLength >= 6 && mixes(pieceClasses, 2)) return true
    else {
      pieceLength = 0
      pieceClasses = 0
    }
  }
  return false
}

/** Whether a string of letters, digits, `-` and `_` has the shape of a random token (see runIsTokenShaped). */
export const isTokenShaped = (run: string): boolean =>
  run.length > 0 &&
  [...run].every((char) => classOf(char.charCodeAt(0)) >= 0) &&
  runIsTokenShaped(run, 0, run.length)

/** A search's `q` in a query string, up to the next parameter, fragment, quote, backslash or space. */
const SEARCH_QUERY = /([?&]q=)[^&#"\\\s]*/g

/**
 * Masks every token-shaped run that starts a path segment, a query value or a dotted part (after `/`,
 * `=` or `.`) in a log line (docs/decisions/031-request-logs.md): the links of invitations and password
 * resets, and any later route that carries a secret in its URL, never reach a log line whole, whoever
 * reads the logs. Decided by shape, not by route; upload names (content hashes on public pages) are kept.
 * The value of every `q` (a search's words) is masked as `[masked]`, whatever its shape.
 * A scan by character codes: it runs for every request line, in a few hundred nanoseconds.
 */
export function maskTokens(line: string): string {
  // The words of a search (`q`: parts of names, emails, phone numbers) never reach a log line either.
  const text = line.includes('q=') ? line.replace(SEARCH_QUERY, '$1[masked]') : line
  let masked: string | undefined
  let copiedUpTo = 0
  const length = text.length
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    i++
    if (code !== SLASH && code !== EQUALS && code !== DOT) continue
    const start = i
    while (i < length && classOf(text.charCodeAt(i)) >= 0) i++
    if (
      runIsTokenShaped(text, start, i) &&
      !(start >= UPLOADS_PREFIX.length && text.startsWith(UPLOADS_PREFIX, start - UPLOADS_PREFIX.length))
    ) {
      masked = `${masked ?? ''}${text.slice(copiedUpTo, start)}[token]`
      copiedUpTo = i
    }
  }
  return masked === undefined ? text : masked + text.slice(copiedUpTo)
}

/** The longest a log line waits in the buffer of standard output. */
const LOG_FLUSH_INTERVAL_MS = 1_000
/**
 * Log output held in memory at most while standard output is not read (a terminal paused with Ctrl-S, a
 * stuck pipe, a slow log shipper): a few seconds of the busiest load, minutes of an ordinary day. Lines
 * beyond it are dropped and counted, never held: unbounded, the buffer grew until the heap limit
 * aborted the process (docs/decisions/043-buffered-log-output.md).
 */
export const LOG_BUFFER_MAX_BYTES = 4 * 1024 * 1024

type SonicBoom = ReturnType<typeof pino.destination>

/**
 * Standard output, buffered: pino's default is a synchronous write(2) per line, which under load (a line
 * per cached page, tens of thousands a second) held the event loop in the kernel and left the server
 * larger after the benchmark (RSS 254 MB, ~190-230 MB buffered; docs/decisions/043-buffered-log-output.md). Lines go out in blocks of 4 KB,
 * or after at most a second; pino writes what is left when the process exits (a SIGKILL loses at most
 * that second of lines). At most LOG_BUFFER_MAX_BYTES wait: a line that would not fit is dropped.
 */
function bufferedStandardOutput(): SonicBoom {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    maxLength: LOG_BUFFER_MAX_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
  })
}

function countLines(data: string | Buffer): number {
  const text = typeof data === 'string' ? data : data.toString('utf8')
  let lines = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++
  return Math.max(lines, 1)
}

/**
 * Counts the lines the output drops, and once it has caught up (its buffer drained: the reader reads
 * again) writes one line saying how many: with plenty of room then, that line is not dropped itself.
 */
function reportDroppedLines(output: SonicBoom, logger: Logger): void {
  let dropped = 0
  output.on('drop', (data: string | Buffer) => {
    dropped += countLines(data)
  })
  output.on('drain', () => {
    if (dropped === 0) return
    const droppedLines = dropped
    dropped = 0
    // After this turn: the stream is in the middle of its own bookkeeping here.
    setImmediate(() =>
      logger.warn({ droppedLines }, 'Log lines dropped: standard output was not read for a while'),
    )
  })
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
 * for, so a JSON start pays nothing for it. The readable lines go into `output`, bounded as JSON lines
 * are, through a stream that never asks pino-pretty to wait: waiting, its own buffers would grow instead.
 */
function prettyStandardOutput(colorize: boolean, output: SonicBoom): pino.DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty')
  return pretty({
    destination: new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        output.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'))
        done()
      },
    }),
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  })
}

/**
 * The logger of the process: JSON lines (or readable ones) on standard output, bounded and buffered; or
 * lines into `destination` (tests).
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const output = destination ? undefined : bufferedStandardOutput()
  const logger = pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      // Every line (request lines are written by server/request-log.server.ts, which masks their URL).
      hooks: { streamWrite: maskTokens },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ??
      (format === 'pretty' && output ? prettyStandardOutput(Boolean(process.stdout.isTTY), output) : output),
  )
  if (output) reportDroppedLines(output, logger)
  return logger
}
