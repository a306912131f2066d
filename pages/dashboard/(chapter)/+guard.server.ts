import type { PageContextServer } from 'vike/types'
import { guardConsole } from '../guard'

/** The executive committee and the chapter's settings: chapter accounts only. */
export function guard(pageContext: PageContextServer): void {
  guardConsole(pageContext, 'chapter')
}
