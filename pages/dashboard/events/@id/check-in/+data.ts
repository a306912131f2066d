import type { PageContextServer } from 'vike/types'
import { requireCheckInAccess } from '#server/policy/check-in-access.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The event whose door this is (the guard's rule again: data also runs on client-side navigation). The
 * roster itself comes from the API, so the phone can keep it.
 */
export function data(pageContext: PageContextServer) {
  const { event } = requireCheckInAccess(pageContext, pageContext.routeParams.id ?? '')
  return { event: { _id: event.id, title: event.title, eventDate: event.eventDate } }
}
