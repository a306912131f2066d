import pino from 'pino'

export type Logger = pino.Logger

/** Paths that must never reach a log line: passwords, tokens and cookies (issue 3, issue 7). */
export const redactedPaths = [
  'password',
  '*.password',
  'token',
  '*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
]

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  })
}
