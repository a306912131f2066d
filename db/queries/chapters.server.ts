import { eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import {
  type ChapterLandingDto,
  emptyChapterInfo,
  toChapterInfoDto,
  toEventDto,
  toExcomMemberDto,
} from '../dto'
import { events } from '../schema'
import { findChapterBySlug } from './accounts.server'
import { findChapterInfo } from './chapter-info.server'
import { newestEventsFirst } from './events.server'
import { listExcomMembers } from './excom.server'

/** How many of a chapter's events its landing page carries (newest first). */
export const LANDING_EVENT_LIMIT = 24

/**
 * Everything GET /api/chapters/{slug} and the page /chapter/{slug} show, or null for an unknown slug.
 * A chapter that has not saved its info yet still has a landing page, with empty texts.
 */
export function getChapterLanding(db: Queryable, slug: string): ChapterLandingDto | null {
  const account = findChapterBySlug(db, slug)
  if (!account) return null
  const info = findChapterInfo(db, account.id)
  const infoDto = info ? toChapterInfoDto(info) : { _id: null, ...emptyChapterInfo }
  const chapterEvents = db
    .select()
    .from(events)
    .where(eq(events.ownerId, account.id))
    .orderBy(...newestEventsFirst)
    .limit(LANDING_EVENT_LIMIT)
    .all()
  return {
    chapter: {
      ...infoDto,
      slug: account.slug,
      chapterId: { _id: account.id, name: account.name, email: account.email },
    },
    events: chapterEvents.map(toEventDto),
    excom: listExcomMembers(db, account.id).map(toExcomMemberDto),
  }
}
