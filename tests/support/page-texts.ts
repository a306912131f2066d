/**
 * The public pages that show the site's texts (decision 099), and what of them a visitor sees:
 * the `<main>` and the `<footer>` of each, as a server answers them. A fixture captured from the site
 * before the texts moved into the database (tests/fixtures/page-texts-before.json) is compared with
 * what the site renders now.
 */
export const PAGE_TEXT_ROUTES = [
  '/',
  '/about',
  '/membership',
  '/awards',
  '/acheivements',
  '/contact',
] as const

export type RenderedParts = { main: string; footer: string }

const between = (html: string, open: RegExp, close: string): string => {
  const start = html.search(open)
  if (start < 0) return ''
  const end = html.indexOf(close, start)
  return end < 0 ? '' : html.slice(start, end + close.length)
}

/**
 * What legitimately differs between two builds, two data directories or two days: Vite's content hashes in
 * asset names, the year in the footer's copyright line, and the home page's event cards (the demo's events
 * get new ids on every data directory and dates counted from the day they are seeded).
 */
export function normalise(fragment: string): string {
  return (
    fragment
      .replace(/(\/assets\/[^"'\s)]*?)[-.][A-Za-z0-9_-]{8}(\.[a-z0-9]+)/g, '$1-HASH$2')
      // React splits "© {year}" with a comment: `© <!-- -->2026`.
      .replace(/© (?:<!-- -->)?\d{4}/g, '© YEAR')
      .replace(/\/events\/[0-9a-f]{24}/g, '/events/ID')
      .replace(/<time dateTime="\d{4}-\d{2}-\d{2}T[^"]*">[^<]*<\/time>/g, '<time>WHEN</time>')
  )
}

export function renderedParts(html: string): RenderedParts {
  return {
    main: normalise(between(html, /<main[\s>]/, '</main>')),
    footer: normalise(between(html, /<footer[\s>]/, '</footer>')),
  }
}

export async function capturePageTexts(baseUrl: string): Promise<Record<string, RenderedParts>> {
  const pages: Record<string, RenderedParts> = {}
  for (const route of PAGE_TEXT_ROUTES) {
    const response = await fetch(new URL(route, baseUrl))
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`)
    pages[route] = renderedParts(await response.text())
  }
  return pages
}
