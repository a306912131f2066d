import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Someone already signed in goes on to the console (docs/decisions/014-console-guards.md). */
export function guard(pageContext: PageContextServer): void {
  if (pageContext.user) throw redirect('/dashboard')
}
