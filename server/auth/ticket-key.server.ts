import { createHmac, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto'
import {
  joinTicketCode,
  splitTicketCode,
  type TicketClaims,
  ticketPayload,
} from '#components/shared/ticket-code'
import type { Env } from '../env.server'
import { secretInDataDir } from './session-secret.server'

/** DATA_DIR's file of the master secret every event's ticket key is derived from; backups carry it. */
export const TICKET_KEY_FILE = 'ticket-key'

/** PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
/** SPKI DER of an Ed25519 public key, up to its 32 raw bytes. */
const ED25519_SPKI_PREFIX_LENGTH = 12

/** Key pairs kept (a few hundred bytes each): more than the events any day has doors for. */
const CACHED_EVENTS = 256

/**
 * Ticket signatures (docs/decisions/079-ticket-keys.md). Each event has its own Ed25519 key pair, derived
 * from one master secret: the seed is HMAC-SHA256(master, 'ticket-key:' + eventId). A door phone holds only
 * its event's public key, and a ticket signed for another event fails there and here.
 */
export type TicketKeys = {
  /** The code of a ticket: its claims and their signature with the event's key. */
  sign: (claims: TicketClaims) => string
  /** The claims of a code whose signature holds for the event it names, or null (malformed, forged). */
  verify: (code: string) => TicketClaims | null
  /** The event's public key, its 32 raw bytes as base64url (what the door phone verifies with). */
  publicKeyOf: (eventId: string) => string
}

export function createTicketKeys(masterSecret: Uint8Array): TicketKeys {
  const pairs = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>()
  const pairOf = (eventId: string) => {
    let pair = pairs.get(eventId)
    if (!pair) {
      const seed = createHmac('sha256', masterSecret).update(`ticket-key:${eventId}`).digest()
      const privateKey = createPrivateKey({
        key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      })
      pair = { privateKey, publicKey: createPublicKey(privateKey) }
      if (pairs.size >= CACHED_EVENTS) pairs.delete(pairs.keys().next().value as string)
      pairs.set(eventId, pair)
    }
    return pair
  }
  return {
    sign: (claims) => {
      const payload = ticketPayload(claims)
      const signature = sign(null, payload, pairOf(claims.eventId).privateKey)
      return joinTicketCode(payload, signature)
    },
    verify: (code) => {
      const split = splitTicketCode(code)
      if (!split) return null
      return verify(null, split.payload, pairOf(split.claims.eventId).publicKey, split.signature)
        ? split.claims
        : null
    },
    publicKeyOf: (eventId) =>
      pairOf(eventId)
        .publicKey.export({ format: 'der', type: 'spki' })
        .subarray(ED25519_SPKI_PREFIX_LENGTH)
        .toString('base64url'),
  }
}

/** The ticket keys of this site: the master secret made once into DATA_DIR/ticket-key. */
export function loadTicketKeys(env: Pick<Env, 'dataDir'>): TicketKeys {
  return createTicketKeys(Buffer.from(secretInDataDir(env, TICKET_KEY_FILE), 'base64url'))
}
