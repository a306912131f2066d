import type { PageContext } from 'vike/types'
import { pageTitle } from '#components/seo/title'
import { monthName } from '#components/shared/dates'
import type { Data } from './+data'

export function title(pageContext: PageContext<Data>): string {
  return pageTitle(`Events in ${monthName(pageContext.data.month)}`)
}
