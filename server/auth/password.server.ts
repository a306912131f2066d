import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1), the OWASP minimum (decisions §12). */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
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
