import { and, asc, desc, eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type CommitteeRow, committees } from '../schema'
import type { CommitteeKind, CommitteeStatus } from '../schema-enums'
import type { CommitteeContent } from '../validation'
import { countWhere } from './list.server'

/** A committee as the API and the pages read it: its row with the JSON columns parsed. */
export type Committee = Omit<CommitteeRow, 'intro' | 'groups' | 'members'> &
  Pick<CommitteeContent, 'intro' | 'groups' | 'members'>

const parsed = (row: CommitteeRow): Committee => ({
  ...row,
  intro: row.intro ? JSON.parse(row.intro) : null,
  groups: JSON.parse(row.groups),
  members: JSON.parse(row.members),
})

const columnsOf = (content: CommitteeContent) => ({
  title: content.title,
  status: content.status,
  intro: content.intro ? JSON.stringify(content.intro) : null,
  groups: JSON.stringify(content.groups),
  members: JSON.stringify(content.members),
})

/** Every committee, or only the published ones: by kind in the order of `committeeKinds`' use, newest year first. */
export function listCommittees(db: Queryable, options: { publishedOnly: boolean }): Committee[] {
  return db
    .select()
    .from(committees)
    .where(options.publishedOnly ? eq(committees.status, 'published') : undefined)
    .orderBy(asc(committees.kind), desc(committees.year))
    .all()
    .map(parsed)
}

/** The published years of each kind, newest first: what the navigation's menus list. */
export function publishedCommitteeYears(db: Queryable): { kind: CommitteeKind; year: number }[] {
  return db
    .select({ kind: committees.kind, year: committees.year })
    .from(committees)
    .where(eq(committees.status, 'published'))
    .orderBy(desc(committees.year))
    .all()
}

export function findCommittee(db: Queryable, id: string): Committee | undefined {
  const row = db.select().from(committees).where(eq(committees.id, id)).get()
  return row ? parsed(row) : undefined
}

export function findCommitteeByYear(
  db: Queryable,
  kind: CommitteeKind,
  year: number,
  status?: CommitteeStatus,
): Committee | undefined {
  const row = db
    .select()
    .from(committees)
    .where(
      and(
        eq(committees.kind, kind),
        eq(committees.year, year),
        status ? eq(committees.status, status) : undefined,
      ),
    )
    .get()
  return row ? parsed(row) : undefined
}

export function countCommittees(db: Queryable): number {
  return countWhere(db, committees, undefined)
}

export function createCommittee(
  db: Queryable,
  fields: { kind: CommitteeKind; year: number } & CommitteeContent,
  now: Date,
): Committee {
  const row = db
    .insert(committees)
    .values({
      id: newId(),
      kind: fields.kind,
      year: fields.year,
      ...columnsOf(fields),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get()
  return parsed(row)
}

export function updateCommittee(db: Queryable, id: string, content: CommitteeContent, now: Date): Committee {
  const row = db
    .update(committees)
    .set({ ...columnsOf(content), updatedAt: now })
    .where(eq(committees.id, id))
    .returning()
    .get()
  return parsed(row)
}

export function deleteCommittee(db: Queryable, id: string): void {
  db.delete(committees).where(eq(committees.id, id)).run()
}
