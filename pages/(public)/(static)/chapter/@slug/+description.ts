import type { PageContext } from 'vike/types'
import { truncateText } from '#components/shared/words'
import type { Data } from './+data'

export function description(pageContext: PageContext<Data>): string {
  const { chapter } = pageContext.data
  return truncateText(
    chapter.shortDescription || `${chapter.name}: events, executive committee and contacts.`,
    160,
  )
}
