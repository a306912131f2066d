import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toEventDto } from '../../../../../db/dto'
import { findEventById } from '../../../../../db/queries/events.server'
import { findRegistrationSettings, settingsInputOf } from '../../../../../db/queries/registrations.server'
import { idParamSchema } from '../../../../../db/validation'
import { guardConsole, NO_ACCESS } from '../../../guard'

export type Data = Awaited<ReturnType<typeof data>>

/** The event to edit, read on the server: an unknown id is the 404 page, another chapter's event the 403 page. */
export function data(pageContext: PageContextServer) {
  const user = guardConsole(pageContext)
  const id = idParamSchema.safeParse(pageContext.routeParams.id)
  const event = id.success ? findEventById(pageContext.db, id.data) : undefined
  if (!event) throw render(404)
  if (!user.isAdmin && user.accountId !== event.ownerId) {
    throw render(403, NO_ACCESS)
  }
  return {
    event: {
      ...toEventDto(event),
      registration: settingsInputOf(findRegistrationSettings(pageContext.db, event.id)),
    },
  }
}
