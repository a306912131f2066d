import type { PageContext } from 'vike/types'
import { pageTitle } from '#components/seo/title'
import type { Data } from './+data'

export function title(pageContext: PageContext<Data>): string {
  return pageTitle(pageContext.data.title)
}
