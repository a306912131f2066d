import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Someone already signed in goes on to the console (decisions §14). */
export function guard(pageContext: PageContextServer): void {
  if (pageContext.user) throw redirect('/dashboard')
}
