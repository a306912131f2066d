import type { Chapter, User } from '../../db/schema'
import { ApiError } from '../api/errors.server'
import { chapterIdOf, isAdmin } from './policy.server'
import type { Caller } from './sessions.server'

/**
 * Who manages whom: an administrator manages the administrators and every chapter's officers; an officer
 * manages the officers of their own chapter only.
 */

/** A group of people: a chapter's officers, or (chapter null) the administrators. */
export type PeopleGroup = { chapter: Chapter | null }

/** The group a request names by `chapterSlug` (none: the administrators, or the officer's own chapter). */
export function groupFor(
  caller: Caller,
  chapterSlug: string | undefined,
  find: (slug: string) => Chapter | undefined,
): PeopleGroup {
  if (isAdmin(caller)) {
    if (chapterSlug === undefined) return { chapter: null }
    const chapter = find(chapterSlug)
    if (!chapter) throw new ApiError(404, 'Chapter not found')
    return { chapter }
  }
  const own = caller.chapter
  if (!own || (chapterSlug !== undefined && chapterSlug !== own.slug)) {
    throw new ApiError(403, 'You can only manage the officers of your own chapter.')
  }
  return { chapter: own }
}

/** Whether the caller may act on this person (or invitation to this chapter): 403 otherwise. */
export function ensureManages(caller: Caller, target: { chapterId: string | null }): void {
  if (isAdmin(caller)) return
  const own = chapterIdOf(caller)
  if (own === null || target.chapterId !== own) {
    throw new ApiError(403, 'You can only manage the officers of your own chapter.')
  }
}

/** What an invitation or person is about, in words: "CSE Society as an officer" / "the administrators". */
export function placeOf(person: Pick<User, 'role'>, chapter: Pick<Chapter, 'name'> | null): string {
  return person.role === 'admin' || !chapter ? 'the administrators' : `the officers of ${chapter.name}`
}
