import type { PageContextServer } from 'vike/types'
import { guardConsole } from './guard'

export function guard(pageContext: PageContextServer): void {
  guardConsole(pageContext)
}
