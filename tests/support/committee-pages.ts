/**
 * The committee pages of the site before committees moved to the database, and what of a page
 * is compared: its `<main>` and its header (the navigation), with the bundled assets' content hashes taken
 * out (a build may hash them differently; the image is the same).
 */
export const committeeRoutes = [
  '/excom-18',
  '/excom-19',
  '/excom-20',
  '/excom-21',
  '/excom-22',
  '/excom-23',
  '/sac-23',
  '/secretariat-23',
  '/team-spark-21',
  '/team-spark-22',
  '/team-spark-23',
  '/gsm-23',
  '/web-it-team-23',
] as const

export const committeePagesFixture = 'tests/fixtures/committee-pages.json'

const between = (html: string, open: string, close: string) => {
  const start = html.indexOf(open)
  const end = html.indexOf(close, start)
  if (start < 0 || end < 0) throw new Error(`no ${open} in the page`)
  return html.slice(start, end + close.length)
}

/** `/assets/static/photo.B1x2y3z4.webp` → `/assets/static/photo.webp`. */
const withoutAssetHashes = (html: string) => html.replace(/(\/assets\/[^"'\s?]*?)\.[\w-]{8}(\.\w+)/g, '$1$2')

/**
 * React's marker between two text nodes (`in <!-- -->2023<!-- -->.`): a page that writes a sentence as one
 * string has none, and shows the same text.
 */
export const withoutTextMarkers = (html: string) => html.replaceAll('<!-- -->', '')

/** The parts of a page that must not change: the header with its navigation, and the main content. */
export function comparedParts(html: string): { header: string; main: string } {
  return {
    header: withoutAssetHashes(between(html, '<header data-site-header', '</header>')),
    main: withoutAssetHashes(between(html, '<main id="main"', '</main>')),
  }
}
