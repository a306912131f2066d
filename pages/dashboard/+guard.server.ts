import type { PageContextServer } from 'vike/types'
import { requireSignedIn } from './guard.server'

export function guard(pageContext: PageContextServer): void {
  requireSignedIn(pageContext)
}
