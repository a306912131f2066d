import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Env } from '../env.server'

export const SESSION_SECRET_FILE = 'session-secret'
const MIN_SECRET_LENGTH = 32

/**
 * The key that signs session tokens: SESSION_SECRET, or a random secret generated once into
 * DATA_DIR/session-secret (readable by this user only) and reused on every later start (docs/decisions/019-configuration-by-environment.md).
 */
export function loadSessionSecret(env: Env): Uint8Array {
  if (env.SESSION_SECRET) return new TextEncoder().encode(env.SESSION_SECRET)
  return new TextEncoder().encode(secretInDataDir(env, SESSION_SECRET_FILE))
}

/**
 * The random secret kept in DATA_DIR/`name` (readable by this user only): made once, on first use, and
 * read back on every later start; backups carry it (server/services/backup.server.ts).
 */
export function secretInDataDir(env: Pick<Env, 'dataDir'>, name: string): string {
  const file = path.join(env.dataDir, name)
  const existing = readSecretFile(file)
  if (existing !== undefined) return existing
  fs.mkdirSync(env.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return secretInDataDir(env, name)
    throw error
  }
  return secret
}

function readSecretFile(file: string): string | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (text.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds fewer than ${MIN_SECRET_LENGTH} characters: delete it to generate a new secret (everyone is signed out).`,
    )
  }
  return text
}
