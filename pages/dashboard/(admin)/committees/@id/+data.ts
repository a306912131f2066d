import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { RevisionDto } from '#db/dto'
import { findCommittee } from '#db/queries/committees.server'
import { idParamSchema } from '#db/validation'
import { committeeDto, committeeRevisions } from '#server/services/committees.server'
import { requirePagePermission } from '../../../guard.server'
import type { CommitteeDto } from '../types'

export type Data = ReturnType<typeof data>

/** The committee to edit, drafts too, and its revisions, in the first HTML; an unknown id is the 404 page. */
export function data(pageContext: PageContextServer): {
  committee: CommitteeDto
  revisions: RevisionDto[]
} {
  requirePagePermission(pageContext, 'manage:committees')
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const committee = id.success ? findCommittee(pageContext.db, id.data) : undefined
  if (!committee) throw render(404)
  const dto = committeeDto(committee)
  return {
    committee: { ...dto, updatedAt: dto.updatedAt.toISOString() },
    revisions: committeeRevisions(pageContext.db, committee),
  }
}
