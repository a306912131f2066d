import type { PageContext } from 'vike/types'
import { pageTitle } from '#components/seo/title'

export function title(pageContext: PageContext): string {
  return pageTitle(`Profile of ${pageContext.routeParams.username ?? 'a member'}`)
}
