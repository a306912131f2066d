import { asc, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { chapterInfo, chapters, excomMembers } from '../schema'

/** Slug and last change of every chapter: the chapter landings of the sitemap. */
export function listChapterSlugs(db: Queryable): { slug: string; updatedAt: Date }[] {
  return db
    .select({ slug: chapters.slug, updatedAt: chapters.updatedAt })
    .from(chapters)
    .orderBy(asc(chapters.slug))
    .all()
}

export type ChapterContact = { name: string; email: string }

export type PublicChapter = {
  slug: string
  name: string
  /** The logo of the chapter's info; null before it has one. */
  logo: string | null
  chair: ChapterContact | null
  advisor: ChapterContact | null
}

/** The committee designations /chapters shows, as they are compared (trimmed, lower case). */
const DIRECTORY_DESIGNATIONS = { chair: 'chair', advisor: 'advisor' } as const

/**
 * Every chapter for /chapters, oldest first (the order they joined; the first-run chapters in the order
 * of their content): the chair and the advisor are the chapter's oldest committee members with those
 * designations, ignoring case (docs/decisions/066-chapters-from-the-database.md). Two queries, whatever the number of chapters.
 */
export function listPublicChapters(db: Queryable): PublicChapter[] {
  const rows = db
    .select({ id: chapters.id, slug: chapters.slug, name: chapters.name, logo: chapterInfo.logo })
    .from(chapters)
    .leftJoin(chapterInfo, sql`${chapterInfo.chapterId} = ${chapters.id}`)
    .orderBy(asc(chapters.createdAt), asc(chapters.id))
    .all()
  const designation = sql<string>`lower(trim(${excomMembers.designation}))`
  const people = db
    .select({
      chapterId: excomMembers.chapterId,
      designation,
      name: excomMembers.name,
      email: excomMembers.email,
    })
    .from(excomMembers)
    .where(inArray(designation, Object.values(DIRECTORY_DESIGNATIONS)))
    .orderBy(asc(excomMembers.createdAt), asc(excomMembers.id))
    .all()
  // The oldest of each chapter and designation: the first one seen, as the rows come oldest first.
  const first = new Map<string, ChapterContact>()
  for (const person of people) {
    const key = `${person.chapterId} ${person.designation}`
    if (!first.has(key)) first.set(key, { name: person.name, email: person.email })
  }
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    logo: row.logo || null,
    chair: first.get(`${row.id} ${DIRECTORY_DESIGNATIONS.chair}`) ?? null,
    advisor: first.get(`${row.id} ${DIRECTORY_DESIGNATIONS.advisor}`) ?? null,
  }))
}
