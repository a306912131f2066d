import type { PageContextServer } from 'vike/types'
import { site } from '#content/site'
import { toHostedEventDto } from '#db/dto'
import { findChapterById, listChapterNames } from '#db/queries/accounts.server'
import { findEventById } from '#db/queries/events.server'
import { findRegistrationSettings, settingsInputOf } from '#db/queries/registrations.server'
import { isAdmin } from '#server/policy/rules.server'
import { requirePagePermission, requireRouteRecord, requireSignedIn } from '../../../guard.server'

export type Data = Awaited<ReturnType<typeof data>>

/** The event to edit (with its chapter, and the chapters an administrator may move it to), read on the server: an unknown id is the 404 page, another chapter's event the 403 page. */
export function data(pageContext: PageContextServer) {
  requireSignedIn(pageContext)
  const event = requireRouteRecord(pageContext, findEventById)
  const { principal } = requirePagePermission(pageContext, 'update:event', event)
  const chapter = event.ownerId ? findChapterById(pageContext.db, event.ownerId) : null
  return {
    event: {
      ...toHostedEventDto(event, chapter),
      registration: settingsInputOf(findRegistrationSettings(pageContext.db, event.id)),
    },
    hosts: isAdmin(principal)
      ? { chapters: listChapterNames(pageContext.db), branchName: site.chapterName }
      : undefined,
  }
}
