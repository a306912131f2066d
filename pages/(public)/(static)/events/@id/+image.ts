import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#components/seo/urls'
import type { Data } from './+data'

/** The event's banner when the page is shared. */
export function image(pageContext: PageContextServer<Data>): string {
  return absoluteUrl(pageContext.publicUrl, pageContext.data.event.banner)
}
