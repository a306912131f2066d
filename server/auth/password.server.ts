import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1), the OWASP minimum (docs/decisions/012-passwords-and-sign-in-throttle.md). */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/**
 * What password checks cost, counted where the hash work is done: every argon2 verification that ran to
 * the end, and the parameters (memory, time, parallelism) of the last hash it was run against. Tests read
 * it to check that a sign-in with an unknown email does the same work as one with a wrong password.
 */
export const passwordWork = { verifications: 0, lastParameters: '' }

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const matches = await verify(passwordHash, password)
    passwordWork.verifications++
    passwordWork.lastParameters = passwordHash.split('$').slice(1, 4).join('$')
    return matches
  } catch {
    return false
  }
}

/** A password for a generated account: 20 characters from a 62-letter alphabet (about 119 bits). */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const limit = 256 - (256 % alphabet.length)
  let password = ''
  while (password.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && password.length < length) password += alphabet[byte % alphabet.length]
    }
  }
  return password
}
