import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { truncateWords } from '#components/shared/words'
import { youtubeVideoId } from '#components/shared/youtube'
import { site } from '#content/site'
import { getChapterLanding } from '#db/queries/chapters.server'

export type Data = ReturnType<typeof data>

/**
 * The chapter landing (docs/product.md#chapter-landing-page): only what the page shows travels to the browser. An unknown slug,
 * or one that is not the chapter's own, is the 404 page.
 */
export function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? ''
  const landing = getChapterLanding(pageContext.db, slug)
  if (!landing || landing.chapter.slug !== slug) throw render(404)
  const { chapter } = landing
  const { image } = pageContext
  return {
    chapter: {
      slug: chapter.slug,
      name: chapter.chapterId.name,
      email: chapter.chapterId.email,
      shortDescription: chapter.shortDescription,
      logo: chapter.logo ? image(chapter.logo) : null,
      facebookUrl: chapter.facebookUrl,
      linkedinUrl: chapter.linkedinUrl,
      websiteUrl: chapter.websiteUrl,
      aboutUs: chapter.aboutUs,
      videoId: youtubeVideoId(chapter.videoUrl, site.fallbackVideoId),
    },
    events: landing.events.map((event) => ({
      _id: event._id,
      title: event.title,
      banner: image(event.banner),
      eventDate: event.eventDate,
      startTime: event.startTime,
      endTime: event.endTime,
      summary: truncateWords(event.description, 30),
    })),
    excom: landing.excom.map((member) => ({
      _id: member._id,
      name: member.name,
      designation: member.designation,
      image: member.image ? image(member.image) : null,
    })),
  }
}
