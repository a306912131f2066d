import { generateKeyPairSync, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RosterAttendee } from '#components/check-in/answers'
import { flushQueue, type QueuedCheckIn, type SendOutcome } from '#components/check-in/queue'
import { rosterExpired } from '#components/check-in/store'
import { localRoster, REFUSALS, verdictFor } from '#components/check-in/verdict'
import { importEventKey, verifyTicketSignature } from '#components/check-in/verify'
import { joinTicketCode, splitTicketCode, ticketPayload } from '#components/shared/ticket-code'

/**
 * The door phone's own answer (docs/decisions/082-check-in-on-the-device.md): the signature checked with
 * Web Crypto against the roster's public key, the roster's verdict, and the queue's sending order and
 * stops. Node's Web Crypto is the same API as the browser's.
 */

const EVENT = '0fe86670a3add325da26fddc'
const OTHER_EVENT = '0fe86670a3add325da26fddd'
const ANA = 'a1b2c3d4e5f60718293a4b5c'
const BEN = 'a1b2c3d4e5f60718293a4b5d'
const GONE = 'a1b2c3d4e5f60718293a4b5e'
const NEW = 'a1b2c3d4e5f60718293a4b5f'

const { privateKey, publicKey } = generateKeyPairSync('ed25519')
const rawPublicKey = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString(
  'base64url',
)

function code(eventId: string, registrationId: string, ticketVersion = 1, key = privateKey): string {
  const payload = ticketPayload({ eventId, registrationId, ticketVersion })
  return joinTicketCode(payload, sign(null, payload, key))
}

const attendee = (id: string, name: string, extra: Partial<RosterAttendee> = {}): RosterAttendee => ({
  id,
  name,
  ticketVersion: 1,
  checkedInAt: null,
  checkedInBy: null,
  ...extra,
})

const roster = localRoster(
  EVENT,
  [
    attendee(ANA, 'Ana Rahman'),
    attendee(BEN, 'Ben Ahmed', {
      ticketVersion: 2,
      checkedInAt: '2026-12-01T04:42:00.000Z',
      checkedInBy: 'Rafi',
    }),
  ],
  [GONE],
)

async function judge(text: string, online = true) {
  const key = await importEventKey(rawPublicKey)
  const split = splitTicketCode(text)
  const signatureValid = split ? await verifyTicketSignature(key, split) : null
  return verdictFor(roster, { split, signatureValid, online })
}

describe('the signature on the device', () => {
  it('holds for the event key, and not for another key or a changed byte', async () => {
    const key = await importEventKey(rawPublicKey)
    expect(key).not.toBeNull()
    const good = splitTicketCode(code(EVENT, ANA))
    expect(good && (await verifyTicketSignature(key, good))).toBe(true)
    const otherKey = generateKeyPairSync('ed25519').privateKey
    const forged = splitTicketCode(code(EVENT, ANA, 1, otherKey))
    expect(forged && (await verifyTicketSignature(key, forged))).toBe(false)
  })

  it('cannot tell without a usable key (the server decides then)', async () => {
    expect(await importEventKey('not-a-key')).toBeNull()
    const split = splitTicketCode(code(EVENT, ANA))
    expect(split && (await verifyTicketSignature(null, split))).toBeNull()
  })
})

describe('the verdict from the roster', () => {
  it('admits a confirmed attendee whose ticket is current', async () => {
    expect(await judge(code(EVENT, ANA))).toMatchObject({ kind: 'admit', attendee: { name: 'Ana Rahman' } })
  })

  it('says who checked them in already', async () => {
    expect(await judge(code(EVENT, BEN, 2))).toMatchObject({
      kind: 'already',
      checkedInAt: '2026-12-01T04:42:00.000Z',
      by: 'Rafi',
    })
  })

  it('refuses in the server’s words', async () => {
    expect(await judge('hello')).toEqual({ kind: 'refuse', message: REFUSALS.invalid })
    expect(await judge(code(OTHER_EVENT, ANA))).toEqual({ kind: 'refuse', message: REFUSALS.otherEvent })
    const forged = code(EVENT, ANA, 1, generateKeyPairSync('ed25519').privateKey)
    expect(await judge(forged)).toEqual({ kind: 'refuse', message: REFUSALS.invalid })
    expect(await judge(code(EVENT, GONE))).toEqual({
      kind: 'refuse',
      message: REFUSALS.cancelled,
      registrationId: GONE,
    })
    expect(await judge(code(EVENT, BEN, 1))).toEqual({ kind: 'refuse', message: REFUSALS.replaced })
  })

  it('asks the server about a signed ticket the roster does not know, and refuses it offline', async () => {
    expect(await judge(code(EVENT, NEW))).toEqual({ kind: 'ask-server', registrationId: NEW })
    expect(await judge(code(EVENT, NEW), false)).toEqual({ kind: 'refuse', message: REFUSALS.notConfirmed })
    expect(await judge(code(EVENT, ANA, 2))).toEqual({ kind: 'ask-server', registrationId: ANA })
    expect(await judge(code(EVENT, ANA, 2), false)).toMatchObject({ kind: 'admit' })
  })

  it('asks the server when this browser cannot check signatures', () => {
    const split = splitTicketCode(code(EVENT, ANA))
    expect(verdictFor(roster, { split, signatureValid: null, online: true })).toEqual({
      kind: 'ask-server',
      registrationId: ANA,
    })
  })
})

describe('the queue', () => {
  const item = (scanId: string, scannedAt: string): QueuedCheckIn => ({
    scanId,
    eventId: EVENT,
    scannedAt,
    ticket: { registrationId: ANA },
    name: null,
  })
  const memoryStore = (items: QueuedCheckIn[]) => ({
    items,
    waiting: async () => [...items],
    remove: async (scanId: string) => {
      items.splice(
        items.findIndex((entry) => entry.scanId === scanId),
        1,
      )
    },
  })
  const answer = { attendee: { id: ANA, name: 'Ana' }, checkedInAt: '2026-12-01T04:00:00Z', by: 'Rafi' }

  it('sends oldest first and removes every answered one, refusals and conflicts too', async () => {
    const store = memoryStore([
      item('c', '2026-12-01T04:03:00Z'),
      item('a', '2026-12-01T04:01:00Z'),
      item('b', '2026-12-01T04:02:00Z'),
    ])
    const outcomes: Record<string, SendOutcome> = {
      a: { kind: 'checked-in', answer },
      b: { kind: 'already', answer },
      c: { kind: 'refused', status: 410, message: 'Cancelled' },
    }
    const seen: string[] = []
    const result = await flushQueue(
      EVENT,
      store,
      async (entry) => outcomes[entry.scanId] ?? { kind: 'unreachable' },
      (entry, outcome) => seen.push(`${entry.scanId}:${outcome.kind}`),
    )
    expect(result).toBe('sent')
    expect(seen).toEqual(['a:checked-in', 'b:already', 'c:refused'])
    expect(store.items).toEqual([])
  })

  it('keeps the unsent ones when the server cannot be reached, and stops at a refusal of the phone', async () => {
    const store = memoryStore([item('a', '2026-12-01T04:01:00Z'), item('b', '2026-12-01T04:02:00Z')])
    expect(
      await flushQueue(
        EVENT,
        store,
        async () => ({ kind: 'unreachable' }),
        () => {},
      ),
    ).toBe('unreachable')
    expect(store.items.map((entry) => entry.scanId)).toEqual(['a', 'b'])
    const seen: string[] = []
    expect(
      await flushQueue(
        EVENT,
        store,
        async () => ({ kind: 'not-allowed', status: 403 }),
        (entry) => seen.push(entry.scanId),
      ),
    ).toBe('not-allowed')
    expect(seen).toEqual(['a'])
    expect(store.items).toHaveLength(2)
  })
})

describe('the roster kept on the phone', () => {
  it('expires with its door link, and never for a signed-in officer (no expiry)', () => {
    const now = new Date('2026-12-01T10:00:00Z')
    expect(rosterExpired({ expiresAt: '2026-12-01T09:59:59Z' }, now)).toBe(true)
    expect(rosterExpired({ expiresAt: '2026-12-01T10:00:00Z' }, now)).toBe(true)
    expect(rosterExpired({ expiresAt: '2026-12-01T10:00:01Z' }, now)).toBe(false)
    expect(rosterExpired({ expiresAt: null }, now)).toBe(false)
  })
})
