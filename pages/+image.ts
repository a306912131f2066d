import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#components/seo/urls'
import socialCard from '#content/images/social-card.jpg'

/** The picture shown when a page is shared, unless the page has its own (events, articles). */
export function image(pageContext: PageContextServer): string {
  return absoluteUrl(pageContext.publicUrl, socialCard)
}
