import type { PageContextServer } from 'vike/types'
import { findPersonById } from '#db/queries/people.server'
import { requireSignedIn } from '../guard.server'

export type Data = ReturnType<typeof data>

/** The signed-in person's own name and email (an officer's userInfo names their chapter). */
export function data(pageContext: PageContextServer) {
  const { principal, user } = requireSignedIn(pageContext)
  const person = findPersonById(pageContext.db, principal.personId)
  return { name: person?.name ?? user.name, email: person?.email ?? user.email }
}
