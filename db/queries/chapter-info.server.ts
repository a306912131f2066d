import { eq } from 'drizzle-orm'
import type { Queryable } from '../client.server'
import { newId } from '../ids.server'
import { type ChapterInfo, chapterInfo, type NewChapterInfo } from '../schema'

export type ChapterInfoFields = Omit<NewChapterInfo, 'id' | 'chapterId' | 'createdAt' | 'updatedAt'>

export function findChapterInfo(db: Queryable, chapterId: string): ChapterInfo | undefined {
  return db.select().from(chapterInfo).where(eq(chapterInfo.chapterId, chapterId)).get()
}

export function createChapterInfo(db: Queryable, chapterId: string, fields: ChapterInfoFields): ChapterInfo {
  return db
    .insert(chapterInfo)
    .values({ ...fields, id: newId(), chapterId })
    .returning()
    .get()
}

export function findChapterInfoById(db: Queryable, id: string): ChapterInfo | undefined {
  return db.select().from(chapterInfo).where(eq(chapterInfo.id, id)).get()
}

export function updateChapterInfo(
  db: Queryable,
  id: string,
  fields: ChapterInfoFields,
): ChapterInfo | undefined {
  return db
    .update(chapterInfo)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(chapterInfo.id, id))
    .returning()
    .get()
}
