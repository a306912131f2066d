import type { PageContextServer } from 'vike/types'

export type Data = ReturnType<typeof data>

/** The door link's state, as server/api/door.server.ts found it; null when opened otherwise. */
export function data(pageContext: PageContextServer) {
  return { door: pageContext.doorPage ?? null }
}
