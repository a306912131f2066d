import type { PageContextServer } from 'vike/types'

export type Data = ReturnType<typeof data>

export function data(pageContext: PageContextServer) {
  return { mailConfigured: pageContext.mailConfigured }
}
