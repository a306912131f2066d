import { base64UrlToBytes, type SplitTicketCode } from '#components/shared/ticket-code'

/**
 * The ticket's signature checked on the door phone with Web Crypto (Ed25519), against the event's public
 * key from the roster: the answer needs no server, so it comes at once and offline too
 * (docs/decisions/082-check-in-on-the-device.md).
 */

const ED25519 = { name: 'Ed25519' } as const

/** The event's key for verify(), or null where this browser has no Ed25519 (then the server decides). */
export async function importEventKey(publicKey: string): Promise<CryptoKey | null> {
  try {
    const raw = base64UrlToBytes(publicKey)
    if (raw.length !== 32) return null
    return await crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, ED25519, false, ['verify'])
  } catch {
    return null
  }
}

/**
 * Whether the code's signature is the event key's over its payload; null when the browser could not tell
 * (no key, or Ed25519 failed): the caller then waits for the server.
 */
export async function verifyTicketSignature(
  key: CryptoKey | null,
  split: SplitTicketCode,
): Promise<boolean | null> {
  if (!key) return null
  try {
    return await crypto.subtle.verify(
      ED25519,
      key,
      split.signature as Uint8Array<ArrayBuffer>,
      split.payload as Uint8Array<ArrayBuffer>,
    )
  } catch {
    return null
  }
}
