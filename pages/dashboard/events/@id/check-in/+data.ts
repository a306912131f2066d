import type { PageContextServer } from 'vike/types'
import { requireCheckInAccess } from '#server/policy/check-in-access.server'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The event whose door this is (the guard's rule again: data also runs on client-side navigation). The
 * roster itself comes from the API, so the phone can keep it.
 */
export function data(pageContext: PageContextServer) {
  const { event } = requireCheckInAccess(pageContext, pageContext.routeParams.id ?? '')
  const { id, title, eventDate, startTime, endTime } = event
  return { event: { _id: id, title, eventDate, startTime, endTime } }
}
