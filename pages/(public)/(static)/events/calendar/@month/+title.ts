import type { PageContext } from 'vike/types'
import { monthName } from '#components/events/calendar-grid'
import { pageTitle } from '#components/seo/title'
import type { Data } from './+data'

export function title(pageContext: PageContext<Data>): string {
  return pageTitle(`Events in ${monthName(pageContext.data.month)}`)
}
