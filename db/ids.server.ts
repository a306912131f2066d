import { randomBytes } from 'node:crypto'

/** A new opaque id: 24 lowercase hex characters, the shape of the ids the old API handed out. */
export function newId(): string {
  return randomBytes(12).toString('hex')
}
