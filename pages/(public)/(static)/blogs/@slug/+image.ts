import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#components/seo/urls'
import type { Data } from './+data'

export function image(pageContext: PageContextServer<Data>): string {
  return absoluteUrl(pageContext.publicUrl, pageContext.data.article.banner.src)
}
