import fs from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { passwordField } from '#db/validation'
import { isCommonPassword, TOO_COMMON } from './common-passwords.server'

const TRUE_TEXTS = ['true', '1', 'yes', 'on']
const FALSE_TEXTS = ['false', '0', 'no', 'off']

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => TRUE_TEXTS.includes(value))

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

/** Whether the runtime's Intl knows the zone. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** One trusted proxy: an address, a subnet in CIDR notation, or `loopback` (127.0.0.0/8 and ::1). */
function isProxyAddress(item: string): boolean {
  if (item === 'loopback') return true
  const [address = '', prefix, ...rest] = item.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

/**
 * Whose X-Forwarded-For the server believes (docs/decisions/025-request-rate-limits.md): `false` nobody's;
 * `true` a proxy on this machine (loopback addresses only); otherwise a comma-separated list of proxy
 * addresses or subnets. Never "any first hop": a client reaching the port directly would pick its own
 * address in the header and escape every per-address limit.
 */
const trustProxyText = z.string().transform((value, ctx): false | string[] => {
  const text = value.trim().toLowerCase()
  if (FALSE_TEXTS.includes(text)) return false
  if (TRUE_TEXTS.includes(text)) return ['loopback']
  const items = text.split(',').map((item) => item.trim())
  if (items.length > 0 && items.every(isProxyAddress)) return items
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false or a comma-separated list of proxy addresses such as 10.0.0.2,10.0.0.3',
  })
  return z.NEVER
})

/** Every setting the server reads from the environment (docs/decisions/019-configuration-by-environment.md); all optional. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://chapter.example.org' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (or leave it unset to generate one)').optional(),
  ),
  // How long a session lasts at most, and how long it may go unused (docs/decisions/011-sessions.md).
  SESSION_LIFETIME_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of days' })
      .positive('must be greater than 0')
      .max(366, 'must be at most 366 (a year)')
      .default(30),
  ),
  SESSION_IDLE_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of days' })
      .positive('must be greater than 0')
      .max(366, 'must be at most 366 (a year)')
      .default(7),
  ),
  ADMIN_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'must be an email address' }).toLowerCase().optional(),
  ),
  // The rules of every new password (docs/decisions/012-passwords-and-sign-in-throttle.md): the shared length limits and the common-password list.
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    passwordField.refine((password) => !isCommonPassword(password), TOO_COMMON).optional(),
  ),
  SEED_DEMO: z.preprocess(emptyAsUndefined, booleanText.default(true)),
  RATE_LIMIT_SCALE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .positive('must be greater than 0')
      .max(1_000_000, 'must be at most 1000000')
      .default(1),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxyText.default(false)),
  // Outgoing mail (invitations, password resets, contact notifications). Unset: nothing is sent and the
  // console shows links to copy instead.
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().min(3, 'must be an address such as "Chapter <noreply@chapter.example.org>"').optional(),
  ),
  // Public pages may be kept this many seconds by a shared cache (nginx proxy_cache, a CDN); 0: not at all.
  SHARED_CACHE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 or more')
      .max(31_536_000, 'must be at most 31536000 (a year)')
      .default(0),
  ),
  // Backups the server takes itself: the folder (default DATA_DIR/backups; `off`: none), how often, and a
  // command run with each verified backup's path (to copy it off the machine).
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be greater than 0')
      .max(24 * 366, 'must be at most 8784 (a year)')
      .default(24),
  ),
  BACKUP_COMMAND: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  // Event dates and times are kept as entered; this zone says which moment they are (reminders, offers,
  // registration opening and closing, calendar files).
  TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Dhaka').default('Asia/Dhaka'),
  ),
  // How long a seat offered to the first of an event's waiting list is held for them.
  OFFER_HOLD_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be greater than 0')
      .max(24 * 14, 'must be at most 336 (two weeks)')
      .default(24),
  ),
  // Unset: readable lines on a terminal, JSON lines otherwise (server/logger.server.ts).
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
  // A line per page answered from the front cache (docs/decisions/105-front-cache-hits-counted.md): off by
  // default, the cache's counts are logged each minute instead.
  LOG_CACHE_HITS: z.preprocess(emptyAsUndefined, booleanText.default(false)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
})

export type EnvInput = z.input<typeof envSchema>

export type Env = z.output<typeof envSchema> & {
  /** Absolute path of DATA_DIR. */
  dataDir: string
  /** Absolute path of BACKUP_DIR (default DATA_DIR/backups), or null with BACKUP_DIR=off. */
  backupDir: string | null
  /** Origin used in canonical links, the sitemap and the cookie's Secure flag. */
  publicUrl: string
}

/**
 * Why links built from PUBLIC_URL (invitations, password resets, the contact notices' inbox link) would
 * not work for anyone else: it is not set (links then name http://localhost:PORT), or it names this machine
 * itself (localhost, a loopback or unspecified address). Null when it names a real address.
 */
export function publicUrlIssue(env: Pick<Env, 'PUBLIC_URL' | 'publicUrl'>): {
  problem: 'unset' | 'local'
  origin: string
} | null {
  const url = new URL(env.publicUrl)
  if (!env.PUBLIC_URL) return { problem: 'unset', origin: url.origin }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::'
  return local ? { problem: 'local', origin: url.origin } : null
}

/** Whether the site is served over https (PUBLIC_URL): Secure cookies, HSTS, upgrade-insecure-requests. */
export const servesHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment once; a wrong value throws one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    const raw = source[name]
    const shown =
      raw === undefined || name.includes('SECRET') || name.includes('PASSWORD') || name === 'SMTP_URL'
        ? ''
        : ` (got "${raw}")`
    // The shared password rules speak of "Password"; here the line names the variable instead.
    const message = issue?.message.replace(/^Password /, '') ?? 'is invalid'
    throw new ConfigError(`Invalid configuration: ${name} ${message}${shown}`)
  }
  const env = result.data
  const dataDir = path.resolve(env.DATA_DIR)
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  const backupDir =
    env.BACKUP_DIR?.toLowerCase() === 'off'
      ? null
      : path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups'))
  return { ...env, dataDir, publicUrl, backupDir }
}

/**
 * The settings of a process started from the project folder (the server, the backup and upload commands):
 * the .env file there, under what the environment already sets; a wrong value prints its one line and exits.
 */
export function loadEnvOrExit(root = process.cwd()): Env {
  const file = path.join(root, '.env')
  if (fs.existsSync(file)) process.loadEnvFile(file)
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
