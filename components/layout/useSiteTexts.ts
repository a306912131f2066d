import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import type { SiteFooterTexts, SiteTexts } from '#content/schema'

/**
 * The site's texts as saved on the console's Site page, on a page rendered on the server only (the public
 * pages of pages/(public)/(static), docs/decisions/099-site-texts-in-the-console.md).
 */
export function useSiteTexts(): SiteTexts {
  return (usePageContext() as PageContextServer).siteTexts
}

/** What the footer shows of them: on every page, also where the browser renders it. */
export function useSiteFooter(): SiteFooterTexts {
  return usePageContext().siteFooter
}
