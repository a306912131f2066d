import type { PageContextServer } from 'vike/types'
import { requirePagePermission } from '../../guard.server'

export type Data = ReturnType<typeof data>

/** The list itself comes from the API; the first HTML needs only this year in the site's zone (the New committee dialog's year). */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'manage:committees')
  return { thisYear: Number(pageContext.clock.today().slice(0, 4)) }
}
