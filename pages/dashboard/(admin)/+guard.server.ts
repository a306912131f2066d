import type { PageContextServer } from 'vike/types'
import { requirePagePermission } from '../guard.server'

/** Chapters, adding and editing chapters, contact messages: administrators only. */
export function guard(pageContext: PageContextServer): void {
  requirePagePermission(pageContext, 'administer')
}
