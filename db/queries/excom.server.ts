import { asc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ExcomMember, excomMembers, type NewExcomMember } from '../schema'

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
  const row = db
    .select({ count: sql<number>`count(*)` })
    .from(excomMembers)
    .where(eq(excomMembers.chapterId, chapterId))
    .get()
  return row?.count ?? 0
}
