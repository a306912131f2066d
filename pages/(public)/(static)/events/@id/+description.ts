import type { PageContext } from 'vike/types'
import { markdownToPlainText } from '#components/shared/markdown'
import { truncateText } from '#components/shared/words'
import type { Data } from './+data'

export function description(pageContext: PageContext<Data>): string {
  return truncateText(markdownToPlainText(pageContext.data.event.description), 160)
}
