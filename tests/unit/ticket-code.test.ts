import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  joinTicketCode,
  splitTicketCode,
  TICKET_CODE_LENGTH,
  ticketCodeFromScan,
  ticketPayload,
} from '#components/shared/ticket-code'

const claims = {
  eventId: '0fe86670a3add325da26fddc',
  registrationId: 'a1b2c3d4e5f60718293a4b5c',
  ticketVersion: 258,
}

describe('ticket codes', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const payload = ticketPayload(claims)
  const code = joinTicketCode(payload, sign(null, payload, privateKey))

  it('round-trip the claims, and the signature checks over the payload', () => {
    expect(code).toHaveLength(TICKET_CODE_LENGTH)
    const split = splitTicketCode(code)
    expect(split?.claims).toEqual(claims)
    expect(
      verify(null, split?.payload ?? new Uint8Array(), publicKey, split?.signature ?? new Uint8Array()),
    ).toBe(true)
  })

  it('a changed byte no longer verifies', () => {
    const bytes = Buffer.from(code, 'base64url')
    bytes.writeUInt8(bytes.readUInt8(20) ^ 1, 20)
    const split = splitTicketCode(bytes.toString('base64url'))
    expect(split).not.toBeNull()
    expect(
      verify(null, split?.payload ?? new Uint8Array(), publicKey, split?.signature ?? new Uint8Array()),
    ).toBe(false)
  })

  it('finds the code in a scanned URL or bare text, and nothing in anything else', () => {
    expect(ticketCodeFromScan(`https://chapter.example.org/t/${code}`)).toBe(code)
    expect(ticketCodeFromScan(`  http://localhost:3000/t/${code}/?from=mail \n`)).toBe(code)
    expect(ticketCodeFromScan(code)).toBe(code)
    expect(ticketCodeFromScan(code.slice(1))).toBeNull()
    expect(ticketCodeFromScan('https://example.org/t/short')).toBeNull()
    expect(ticketCodeFromScan(`${code.slice(0, -1)}+`)).toBeNull()
  })

  it('refuses ids and versions that are not the database’s', () => {
    expect(() => ticketPayload({ ...claims, eventId: 'nope' })).toThrow()
    expect(() => ticketPayload({ ...claims, ticketVersion: 0 })).toThrow()
    expect(() => ticketPayload({ ...claims, ticketVersion: 65_536 })).toThrow()
  })
})
