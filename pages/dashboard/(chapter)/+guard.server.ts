import type { PageContextServer } from 'vike/types'
import { requirePagePermission } from '../guard.server'

/** The executive committee and the chapter's settings: a chapter's officers only. */
export function guard(pageContext: PageContextServer): void {
  requirePagePermission(pageContext, 'act-for-chapter')
}
