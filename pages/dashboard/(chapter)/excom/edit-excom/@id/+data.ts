import type { PageContextServer } from 'vike/types'
import { toExcomMemberDto } from '#db/dto'
import { findExcomMember } from '#db/queries/excom.server'
import { requirePagePermission, requireRouteRecord } from '../../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The member to edit: an unknown id is the 404 page, another chapter's member the 403 page. */
export function data(pageContext: PageContextServer) {
  requirePagePermission(pageContext, 'act-for-chapter')
  const member = requireRouteRecord(pageContext, findExcomMember)
  requirePagePermission(pageContext, 'manage:member', member)
  return { member: toExcomMemberDto(member) }
}
