import type { Queryable } from '#db/client.server'
import { findChapterById, findChapterBySlug } from '#db/queries/accounts.server'
import { countOtherActivePeers } from '#db/queries/people.server'
import type { Chapter, User } from '#db/schema'
import { ApiError } from '../errors.server'
import type { Principal } from '../policy/principal.server'
import { isAdmin, managesPeopleOf, permissions, removalRefusal } from '../policy/rules.server'

/** A group of people: a chapter's officers, or (chapter null) the administrators. */
export type PeopleGroup = { chapter: Chapter | null }

/**
 * The group a request names by `chapterSlug`: for an administrator that chapter's officers (404 for no
 * such chapter) or, without it, the administrators; for an officer their own chapter's (403 for another).
 */
export function peopleGroup(
  db: Queryable,
  principal: Principal,
  chapterSlug: string | undefined,
): PeopleGroup {
  if (isAdmin(principal)) {
    if (chapterSlug === undefined) return { chapter: null }
    const chapter = findChapterBySlug(db, chapterSlug)
    if (!chapter) throw new ApiError(404, 'Chapter not found')
    return { chapter }
  }
  const named =
    chapterSlug === undefined ? findChapterById(db, principal.chapterId) : findChapterBySlug(db, chapterSlug)
  if (!named || !managesPeopleOf(principal, { chapterId: named.id })) {
    throw new ApiError(403, permissions['manage:person'].refusal)
  }
  return { chapter: named }
}

/** Refuses (409) a change that would leave a chapter, or the site, without an active person to sign in. */
export function refuseLastActive(db: Queryable, principal: Principal, target: User): void {
  const refusal = removalRefusal(principal, target, () => countOtherActivePeers(db, target))
  if (refusal) throw new ApiError(409, refusal)
}
