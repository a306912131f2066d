import type { Queryable } from '#db/client.server'
import { toRevisionDto } from '#db/dto'
import {
  type Committee,
  createCommittee,
  deleteCommittee,
  findCommittee,
  findCommitteeByYear,
  listCommittees,
  updateCommittee,
} from '#db/queries/committees.server'
import { addRevision, deleteRevisions, findRevision, listRevisions } from '#db/queries/revisions.server'
import {
  type CommitteeContent,
  type CommitteeCreateInput,
  committeeContentSchema,
  committeeKindInfo,
  committeePath,
  toFieldErrors,
} from '#db/validation'
import { ApiError, INVALID_INPUT } from '../errors.server'
import type { ChangedPages } from '../front-cache.server'
import type { Principal } from '../policy/principal.server'
import { type Item, recordChange } from './activity.server'
import { moveToTrash } from './trash.server'

/**
 * The region's committees by year (docs/decisions/101-committees-by-year.md): every save keeps a revision
 * and an activity entry in the transaction of the change.
 */

const itemOfCommittee = (
  committee: Pick<Committee, 'id' | 'title'>,
): Item<'committee'> & { id: string; chapterId: null } => ({
  type: 'committee',
  id: committee.id,
  title: committee.title,
  chapterId: null,
})

/** A committee in a list: what the console's table and the public API show. */
export const committeeSummary = (committee: Committee) => ({
  _id: committee.id,
  kind: committee.kind,
  year: committee.year,
  title: committee.title,
  path: committeePath(committee.kind, committee.year),
  status: committee.status,
  memberCount: committee.members.length,
})

/** A committee with its page's content: what `GET /api/committees/{id}` answers. */
export const committeeDto = (committee: Committee) => ({
  ...committeeSummary(committee),
  intro: committee.intro,
  groups: committee.groups,
  members: committee.members,
  updatedAt: committee.updatedAt,
})

/**
 * The public pages a change of a committee shows on (for the front cache): none while it was and stays a
 * draft; its own page while it stays published under the same title; every page when it appears in or
 * leaves the navigation's committee menus, which every page carries.
 */
export function pagesOfCommittee(before: Committee | null, after: Committee | null): ChangedPages {
  const shown = (committee: Committee | null) => committee?.status === 'published'
  if (!shown(before) && !shown(after)) return []
  if (before && after && shown(before) && shown(after) && before.title === after.title)
    return [committeePath(after.kind, after.year)]
  return 'all'
}

export const listCommitteeSummaries = (db: Queryable, options: { publishedOnly: boolean }) =>
  listCommittees(db, options).map(committeeSummary)

/** The committee of the id; a draft only for someone who sees drafts, else 404. */
export function committeeOrNotFound(db: Queryable, id: string, options: { drafts: boolean }): Committee {
  const committee = findCommittee(db, id)
  if (!committee || (!options.drafts && committee.status !== 'published'))
    throw new ApiError(404, 'Committee not found.')
  return committee
}

const author = (principal: Principal) => ({ id: principal.personId, name: principal.name })

/** The next year's title and intro say its year where the copied ones said theirs. */
const withYear = (text: string, from: number, to: number) => text.replaceAll(String(from), String(to))

/**
 * Creates a draft committee: empty (a chair and members), or a copy of `copyFrom` for `year` with its
 * groups, intro and designations, its people kept or cleared as asked. One per kind and year (409).
 */
export function createCommitteeFor(
  db: Queryable,
  principal: Principal,
  input: CommitteeCreateInput,
  now: Date,
): Committee {
  if (findCommitteeByYear(db, input.kind, input.year))
    throw new ApiError(409, `There is already a ${committeeKindInfo[input.kind].title} ${input.year}.`, {
      year: 'A committee of this kind and year exists',
    })
  let content: CommitteeContent
  if (input.copyFrom) {
    const source = findCommittee(db, input.copyFrom)
    if (!source) throw new ApiError(400, INVALID_INPUT, { copyFrom: 'No such committee' })
    if (source.kind !== input.kind)
      throw new ApiError(400, INVALID_INPUT, { copyFrom: 'Copy a committee of the same kind' })
    content = {
      title: input.title ?? withYear(source.title, source.year, input.year),
      status: 'draft',
      intro: source.intro && { ...source.intro, text: withYear(source.intro.text, source.year, input.year) },
      groups: source.groups,
      members: source.members.map((member) =>
        input.keepPeople
          ? member
          : { name: '', designation: member.designation, emails: [], group: member.group },
      ),
    }
  } else {
    content = {
      title: input.title ?? `${committeeKindInfo[input.kind].title} ${input.year}`,
      status: 'draft',
      intro: null,
      groups: [
        { id: 'chair', title: 'Chair', featured: true },
        { id: 'members', title: 'Members', featured: false },
      ],
      members: [],
    }
  }
  return recordChange(
    db,
    principal,
    (tx) => {
      const created = createCommittee(tx, { kind: input.kind, year: input.year, ...content }, now)
      addRevision(tx, { type: 'committee', id: created.id }, content, author(principal), now)
      return created
    },
    (created) => ({
      action: 'create',
      item: itemOfCommittee(created),
      ...(input.copyFrom ? { details: { copyFrom: input.copyFrom, keepPeople: input.keepPeople } } : {}),
    }),
  )
}

/** Saves a committee's content as its next revision. */
export function saveCommittee(
  db: Queryable,
  principal: Principal,
  committee: Committee,
  content: CommitteeContent,
  now: Date,
  details: Record<string, unknown> = {},
): Committee {
  return recordChange(
    db,
    principal,
    (tx) => {
      const saved = updateCommittee(tx, committee.id, content, now)
      addRevision(tx, { type: 'committee', id: committee.id }, content, author(principal), now)
      return saved
    },
    (saved) => ({
      action: 'update',
      item: itemOfCommittee(saved),
      details: {
        ...details,
        ...(saved.status !== committee.status ? { status: [committee.status, saved.status] } : {}),
      },
    }),
  )
}

/** Moves a committee and its revisions to the trash. */
export function trashCommittee(db: Queryable, principal: Principal, committee: Committee) {
  return moveToTrash(db, principal, itemOfCommittee(committee), (tx) => {
    deleteRevisions(tx, { type: 'committee', id: committee.id })
    deleteCommittee(tx, committee.id)
  })
}

/** A committee's revisions, newest first, as GET /api/committees/{id}/revisions answers them. */
export const committeeRevisions = (db: Queryable, committee: Committee) =>
  listRevisions(db, { type: 'committee', id: committee.id }).map(toRevisionDto)

/**
 * Saves an earlier revision again, as the newest: a snapshot that today's schema refuses is a 400 with
 * the field errors, and nothing changes.
 */
export function restoreCommitteeRevision(
  db: Queryable,
  principal: Principal,
  committee: Committee,
  revisionId: string,
  now: Date,
): Committee {
  const revision = findRevision(db, { type: 'committee', id: committee.id }, revisionId)
  if (!revision) throw new ApiError(404, 'Revision not found.')
  const result = committeeContentSchema.safeParse(JSON.parse(revision.snapshot))
  if (!result.success)
    throw new ApiError(400, 'This revision no longer fits the committee form.', toFieldErrors(result.error))
  return saveCommittee(db, principal, committee, result.data, now, { restoredRevision: revision.number })
}
