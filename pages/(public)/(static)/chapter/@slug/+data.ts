import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { markdownToPlainText } from '#components/shared/markdown'
import { truncateWords } from '#components/shared/words'
import { youtubeVideoId } from '#components/shared/youtube'
import { NO_EVENT_FILTERS } from '#db/event-filters'
import { calendarUrl, eventPictureOf, filteredListUrl, monthOf } from '#db/event-links'
import { getChapterLandingPage } from '#db/queries/chapters.server'
import type { Event } from '#db/schema'

export type Data = ReturnType<typeof data>

const counter = (value: number, one: string, many: string) => ({ value, label: value === 1 ? one : many })

/**
 * The chapter landing (docs/product.md#chapter-landing-page): only what the page shows travels to the browser. An unknown slug,
 * or one that is not the chapter's own, is the 404 page.
 */
export function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug ?? ''
  const landing = getChapterLandingPage(pageContext.db, slug, pageContext.clock.today())
  if (!landing || landing.chapter.slug !== slug) throw render(404)
  const { chapter, counts } = landing
  const { image } = pageContext
  const slide = (event: Event) => ({
    _id: event.id,
    title: event.title,
    banner: image(eventPictureOf(event)),
    eventDate: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime,
    summary: truncateWords(markdownToPlainText(event.description), 30),
  })
  const chapterFilter = { ...NO_EVENT_FILTERS, chapter: chapter.slug }
  return {
    /** This month's calendar and the list of upcoming events, filtered to the chapter. */
    eventLinks: {
      calendar: calendarUrl(monthOf(pageContext.clock.today()), chapterFilter),
      list: filteredListUrl(chapterFilter),
    },
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
      videoId: youtubeVideoId(chapter.videoUrl),
    },
    /** The growth strip: real counts, a zero left out (docs/decisions/069-true-counts.md). */
    growth: [
      counter(counts.members, 'Committee member', 'Committee members'),
      counter(counts.events, 'Event', 'Events'),
      counter(counts.workshops, 'Workshop', 'Workshops'),
    ].filter((item) => item.value > 0),
    upcoming: landing.upcoming.map(slide),
    past: landing.past.map(slide),
    excom: landing.excom.map((member) => ({
      _id: member._id,
      name: member.name,
      designation: member.designation,
      image: member.image ? image(member.image) : null,
    })),
  }
}
