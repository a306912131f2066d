import { usePageContext } from 'vike-react/usePageContext'
import { site } from '#content/site'

/**
 * Canonical URL and the social-sharing tags vike-react does not write itself (docs/product.md#public-layout, docs/decisions/006-page-metadata-and-feeds.md).
 * og:image and twitter:card come from the `image` setting (pages/+image.ts, overridden per page), so
 * they are not written here.
 */
export function Head() {
  const pageContext = usePageContext()
  const canonical = `${pageContext.publicUrl}${pageContext.urlPathname === '/' ? '/' : pageContext.urlPathname}`
  return (
    <>
      <link rel="canonical" href={canonical} />
      <meta name="theme-color" content="#004e85" />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.chapterName} />
      <meta property="og:locale" content="en_US" />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${site.chapterName}: events and articles`}
        href="/rss.xml"
      />
      {site.analyticsScriptPath ? <script src={site.analyticsScriptPath} defer /> : null}
    </>
  )
}
