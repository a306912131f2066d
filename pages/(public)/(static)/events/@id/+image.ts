import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#components/seo/urls'
import socialCard from '#content/images/social-card.jpg'
import type { Data } from './+data'

/** The event's banner when the page is shared; without one, the site's card (link previews take no SVG cover). */
export function image(pageContext: PageContextServer<Data>): string {
  return absoluteUrl(pageContext.publicUrl, pageContext.data.event.banner || socialCard)
}
