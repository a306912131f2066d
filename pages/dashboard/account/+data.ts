import type { PageContextServer } from 'vike/types'
import { findPersonById } from '../../../db/queries/people.server'
import { guardConsole } from '../guard'

export type Data = ReturnType<typeof data>

/** The signed-in person's own name and email (an officer's userInfo names their chapter). */
export function data(pageContext: PageContextServer) {
  const user = guardConsole(pageContext)
  const person = pageContext.personId ? findPersonById(pageContext.db, pageContext.personId) : undefined
  return { name: person?.name ?? user.name, email: person?.email ?? user.email }
}
