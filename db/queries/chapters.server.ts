import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import {
  type ChapterLandingDto,
  emptyChapterInfo,
  toChapterInfoDto,
  toEventDto,
  toExcomMemberDto,
} from '../dto'
import { type Chapter, type Event, events } from '../schema'
import { findChapterBySlug } from './accounts.server'
import { findChapterInfo } from './chapter-info.server'
import { newestEventsFirst } from './events.server'
import { countExcomMembers, listExcomMembers } from './excom.server'

/** How many of a chapter's events its landing page carries (newest first). */
export const LANDING_EVENT_LIMIT = 24

function landingChapter(db: Queryable, account: Chapter): ChapterLandingDto['chapter'] {
  const info = findChapterInfo(db, account.id)
  const infoDto = info ? toChapterInfoDto(info) : { _id: null, ...emptyChapterInfo }
  return {
    ...infoDto,
    slug: account.slug,
    chapterId: { _id: account.id, name: account.name, email: account.email },
  }
}

/**
 * Everything GET /api/chapters/{slug} answers, or null for an unknown slug: the chapter's latest events
 * (newest first, upcoming ones included). A chapter that has not saved its info yet has empty texts.
 */
export function getChapterLanding(db: Queryable, slug: string): ChapterLandingDto | null {
  const account = findChapterBySlug(db, slug)
  if (!account) return null
  const chapterEvents = db
    .select()
    .from(events)
    .where(eq(events.ownerId, account.id))
    .orderBy(...newestEventsFirst)
    .limit(LANDING_EVENT_LIMIT)
    .all()
  return {
    chapter: landingChapter(db, account),
    events: chapterEvents.map(toEventDto),
    excom: listExcomMembers(db, account.id).map(toExcomMemberDto),
  }
}

/** The landing's growth strip: real counts (docs/decisions/069-true-counts.md). */
export type ChapterCounts = { members: number; events: number; workshops: number }

export function countChapterActivity(db: Queryable, chapterId: string): ChapterCounts {
  const row = db
    .select({
      events: sql<number>`count(*)`,
      workshops: sql<number>`coalesce(sum(${events.type} = 'Workshop'), 0)`,
    })
    .from(events)
    .where(eq(events.ownerId, chapterId))
    .get()
  return {
    members: countExcomMembers(db, chapterId),
    events: row?.events ?? 0,
    workshops: row?.workshops ?? 0,
  }
}

/**
 * The page /chapter/{slug}: the chapter, its committee, its upcoming events (soonest first) and its past
 * ones (newest first), at most LANDING_EVENT_LIMIT each, and the counts of its growth strip.
 */
export function getChapterLandingPage(
  db: Queryable,
  slug: string,
  today: string,
): {
  chapter: ChapterLandingDto['chapter']
  excom: ChapterLandingDto['excom']
  upcoming: Event[]
  past: Event[]
  counts: ChapterCounts
} | null {
  const account = findChapterBySlug(db, slug)
  if (!account) return null
  const owned = eq(events.ownerId, account.id)
  return {
    chapter: landingChapter(db, account),
    excom: listExcomMembers(db, account.id).map(toExcomMemberDto),
    upcoming: db
      .select()
      .from(events)
      .where(and(owned, gte(events.eventDate, today)))
      .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
      .limit(LANDING_EVENT_LIMIT)
      .all(),
    past: db
      .select()
      .from(events)
      .where(and(owned, lt(events.eventDate, today)))
      .orderBy(...newestEventsFirst)
      .limit(LANDING_EVENT_LIMIT)
      .all(),
    counts: countChapterActivity(db, account.id),
  }
}
