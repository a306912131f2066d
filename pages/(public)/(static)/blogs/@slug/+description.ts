import type { PageContext } from 'vike/types'
import { truncateText } from '#components/shared/words'
import type { Data } from './+data'

export function description(pageContext: PageContext<Data>): string {
  return truncateText(pageContext.data.article.summary, 160)
}
