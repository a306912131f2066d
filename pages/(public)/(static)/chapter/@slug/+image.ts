import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#components/seo/urls'
import socialCard from '#content/images/social-card.jpg'
import type { Data } from './+data'

/** The chapter's logo when it has one, otherwise the site's card. */
export function image(pageContext: PageContextServer<Data>): string {
  return absoluteUrl(pageContext.publicUrl, pageContext.data.chapter.logo?.src || socialCard)
}
