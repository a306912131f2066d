import type { PageContext } from 'vike/types'
import { pageTitle } from '#components/seo/title'
import { doorLinkEnded } from './door-link'

export function title(pageContext: PageContext): string {
  if (pageContext.is404) return pageTitle('Page not found')
  if (pageContext.abortStatusCode === 403)
    return pageTitle(doorLinkEnded(pageContext.abortReason) ? 'Door link ended' : 'No access')
  return pageTitle('Error')
}
