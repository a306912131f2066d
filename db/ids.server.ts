import { randomBytes } from 'node:crypto'

/** Random bytes drawn at a time for ids: one call to the system's generator per 256 ids (as randomUUID does). */
const POOL_BYTES = 12 * 256
let pool = Buffer.alloc(0)
let taken = 0

/** A new opaque id: 24 lowercase hex characters, the shape of the ids the old API handed out. */
export function newId(): string {
  if (taken + 12 > pool.length) {
    pool = randomBytes(POOL_BYTES)
    taken = 0
  }
  const id = pool.toString('hex', taken, taken + 12)
  taken += 12
  return id
}
