/**
 * A ticket's code, as the server signs it and as a door phone checks it offline: the same bytes in both.
 *
 * The code is base64url (no padding) of 91 bytes: a 27-byte payload
 *   [format 1 byte = 1][event id 12 bytes][registration id 12 bytes][ticket version 2 bytes, big-endian]
 * followed by the 64-byte Ed25519 signature of that payload with the event's key. Ids are the 24-hex-digit
 * ids of the database. The ticket version grows when a registration is re-issued, so an older code of the
 * same registration no longer matches. The whole code is 122 characters; in a URL `PUBLIC_URL/t/<code>`
 * it fits a QR code that a phone reads at arm's length.
 *
 * Nothing here verifies a signature: the server does with node:crypto, the door phone with Web Crypto.
 */
export const TICKET_FORMAT = 1
export const TICKET_PAYLOAD_BYTES = 27
export const TICKET_SIGNATURE_BYTES = 64
export const TICKET_CODE_LENGTH = Math.ceil(((TICKET_PAYLOAD_BYTES + TICKET_SIGNATURE_BYTES) * 4) / 3)

export type TicketClaims = { eventId: string; registrationId: string; ticketVersion: number }
export type SplitTicketCode = { claims: TicketClaims; payload: Uint8Array; signature: Uint8Array }

const HEX_ID = /^[0-9a-f]{24}$/
const CODE = /^[A-Za-z0-9_-]+$/

/** The bytes the event's key signs. */
export function ticketPayload(claims: TicketClaims): Uint8Array {
  if (!HEX_ID.test(claims.eventId) || !HEX_ID.test(claims.registrationId))
    throw new Error('Ticket ids must be 24 hex digits')
  if (!Number.isInteger(claims.ticketVersion) || claims.ticketVersion < 1 || claims.ticketVersion > 0xffff)
    throw new Error('A ticket version is 1 to 65535')
  const payload = new Uint8Array(TICKET_PAYLOAD_BYTES)
  payload[0] = TICKET_FORMAT
  payload.set(hexToBytes(claims.eventId), 1)
  payload.set(hexToBytes(claims.registrationId), 13)
  payload[25] = claims.ticketVersion >> 8
  payload[26] = claims.ticketVersion & 0xff
  return payload
}

export function joinTicketCode(payload: Uint8Array, signature: Uint8Array): string {
  const bytes = new Uint8Array(payload.length + signature.length)
  bytes.set(payload, 0)
  bytes.set(signature, payload.length)
  return bytesToBase64Url(bytes)
}

/** The parts of a code, or null when it is not one (wrong length, alphabet or format byte). */
export function splitTicketCode(code: string): SplitTicketCode | null {
  if (code.length !== TICKET_CODE_LENGTH || !CODE.test(code)) return null
  const bytes = base64UrlToBytes(code)
  if (bytes.length !== TICKET_PAYLOAD_BYTES + TICKET_SIGNATURE_BYTES || bytes[0] !== TICKET_FORMAT)
    return null
  const payload = bytes.slice(0, TICKET_PAYLOAD_BYTES)
  return {
    claims: {
      eventId: bytesToHex(payload.slice(1, 13)),
      registrationId: bytesToHex(payload.slice(13, 25)),
      ticketVersion: new DataView(payload.buffer).getUint16(25),
    },
    payload,
    signature: bytes.slice(TICKET_PAYLOAD_BYTES),
  }
}

/**
 * The code in what a camera or a keyboard-like scanner read: the ticket's URL (`…/t/<code>`, with or
 * without a query or trailing slash) or the bare code. Null when there is none.
 */
export function ticketCodeFromScan(text: string): string | null {
  const trimmed = text.trim()
  const fromUrl = /\/t\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(trimmed)
  const code = fromUrl?.[1] ?? trimmed
  return splitTicketCode(code) ? code : null
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The bytes of base64url text (the codes, and the event's public key the door phone is given). */
export function base64UrlToBytes(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
