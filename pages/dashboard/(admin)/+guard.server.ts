import type { PageContextServer } from 'vike/types'
import { guardConsole } from '../guard'

/** Chapters, adding and editing chapters, contact messages: administrators only. */
export function guard(pageContext: PageContextServer): void {
  guardConsole(pageContext, 'admin')
}
