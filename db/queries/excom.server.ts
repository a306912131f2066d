import { and, asc, eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ExcomMember, excomMembers, type NewExcomMember } from '../schema'
import type { excomSortFields } from '../validation'
import {
  caseless,
  countWhere,
  type ListOptions,
  type ListPage,
  matchingAny,
  selectPage,
  sortOrder,
} from './list.server'

export type ExcomMemberFields = Omit<NewExcomMember, 'id' | 'chapterId' | 'createdAt' | 'updatedAt'>

export function createExcomMember(db: Queryable, chapterId: string, fields: ExcomMemberFields): ExcomMember {
  return db
    .insert(excomMembers)
    .values({ ...fields, id: newId(), chapterId })
    .returning()
    .get()
}

/** In the order they were added, which is the order officers list them in. */
export function listExcomMembers(db: Queryable, chapterId: string): ExcomMember[] {
  return db
    .select()
    .from(excomMembers)
    .where(eq(excomMembers.chapterId, chapterId))
    .orderBy(asc(excomMembers.createdAt), asc(excomMembers.id))
    .all()
}

export function countExcomMembers(db: Queryable, chapterId: string): number {
  return countWhere(db, excomMembers, eq(excomMembers.chapterId, chapterId))
}

export function findExcomMember(db: Queryable, id: string): ExcomMember | undefined {
  return db.select().from(excomMembers).where(eq(excomMembers.id, id)).get()
}

export function updateExcomMember(
  db: Queryable,
  id: string,
  fields: ExcomMemberFields,
): ExcomMember | undefined {
  return db
    .update(excomMembers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(excomMembers.id, id))
    .returning()
    .get()
}

export function deleteExcomMember(db: Queryable, id: string): boolean {
  return db.delete(excomMembers).where(eq(excomMembers.id, id)).run().changes > 0
}

const excomSortKeys = {
  createdAt: [excomMembers.createdAt],
  name: [caseless(excomMembers.name)],
  designation: [caseless(excomMembers.designation)],
} satisfies Record<(typeof excomSortFields)[number], unknown>

/** One chapter's members, a page at a time; `q` searches name, designation, affiliation and email. */
export function listExcomPage(db: Queryable, chapterId: string, options: ListOptions): ListPage<ExcomMember> {
  const where = and(
    eq(excomMembers.chapterId, chapterId),
    matchingAny(
      [excomMembers.name, excomMembers.designation, excomMembers.affiliation, excomMembers.email],
      options.q,
    ),
  )
  const order = sortOrder(options.sort, excomSortKeys, excomMembers.id, [
    asc(excomMembers.createdAt),
    asc(excomMembers.id),
  ])
  return selectPage(db, excomMembers, where, order, options)
}
