import type { PageContextServer } from 'vike/types'
import { listPublicChapters } from '#db/queries/public-chapters.server'

export type Data = ReturnType<typeof data>

/** Every chapter with its chair and advisor, oldest first (docs/decisions/066-chapters-from-the-database.md). */
export function data(pageContext: PageContextServer) {
  return {
    chapters: listPublicChapters(pageContext.db).map((chapter) => ({
      ...chapter,
      logo: chapter.logo ? pageContext.image(chapter.logo) : null,
    })),
  }
}
