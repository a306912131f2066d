import type { PageContext } from 'vike/types'
import { monthName } from '#components/shared/dates'

import type { Data } from './+data'

export function description(pageContext: PageContext<Data>): string {
  return `The chapter's and its student branches' seminars, workshops and contests in ${monthName(pageContext.data.month)}, day by day.`
}
