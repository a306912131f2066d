/**
 * The front cache's keys (docs/decisions/036-front-cache.md): which URLs it may answer, and which stored
 * page answers a URL with parameters its page does not read or writes otherwise than canonically.
 */

/**
 * What a page makes of a URL's query string (its `frontCache` setting): the parameters it reads (any other
 * is not part of its URL) and, optionally, how their values are written canonically (a filtered list:
 * trimmed, defaults left out, nonsense dropped), so that URLs meaning the same page share one entry.
 */
export type QueryRule = {
  reads: readonly string[]
  /** The canonical form of the parameters the page reads; must answer its own output unchanged. */
  canonical?: ((parameters: URLSearchParams) => URLSearchParams) | undefined
}

/** The rule of a page that reads no query parameter (the default). */
export const READS_NOTHING: QueryRule = { reads: [] }

/** Query parameters that only say where a visitor came from: they never change a page, so they are dropped. */
const TRACKING_PARAMETER =
  /^(?:utm_[a-z_]+|fbclid|gclid|dclid|msclkid|twclid|igshid|mc_cid|mc_eid|ref|ref_src)$/i

/** Request paths the cache never keys: anything a browser would not send as a page address. */
const UNUSUAL_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]|%(?![0-9A-Fa-f]{2})|\/\.\.?(?:\/|$)/

/**
 * The key of a URL: its path, with its query parameters sorted and those that only track visitors
 * dropped; null for a URL the cache never answers (not a plain path, a path with `..`).
 */
export function frontCacheKey(url: string): string | null {
  const question = url.indexOf('?')
  const path = question === -1 ? url : url.slice(0, question)
  if (path.length === 0 || path.length > 512 || path[0] !== '/' || path[1] === '/' || UNUSUAL_PATH.test(path))
    return null
  if (question === -1) return path
  let params: URLSearchParams
  try {
    params = new URLSearchParams(url.slice(question + 1))
  } catch {
    return null
  }
  const kept = [...params].filter(([name]) => !TRACKING_PARAMETER.test(name))
  if (kept.length === 0) return path
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${path}?${new URLSearchParams(kept).toString()}`
}

/** The path of a key (without its query string). */
export const pathOf = (key: string) => {
  const question = key.indexOf('?')
  return question === -1 ? key : key.slice(0, question)
}

/** A key with only the query parameters named in `names` (still sorted, as keys are). */
export function keyWithOnly(key: string, names: readonly string[]): string {
  const question = key.indexOf('?')
  if (question === -1) return key
  const kept = [...new URLSearchParams(key.slice(question + 1))].filter(([name]) => names.includes(name))
  const path = key.slice(0, question)
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept).toString()}`
}

/**
 * The key a page answers `key` as: only the query parameters it reads, in their canonical form, sorted.
 * A canonical function that throws leaves the parameters as they are (the page then renders them itself).
 */
export function canonicalKeyOf(key: string, rule: QueryRule): string {
  const question = key.indexOf('?')
  if (question === -1) return key
  const only = keyWithOnly(key, rule.reads)
  if (!rule.canonical || only.indexOf('?') === -1) return only
  let canonical: URLSearchParams
  try {
    canonical = rule.canonical(new URLSearchParams(only.slice(question + 1)))
  } catch {
    return only
  }
  const kept = [...canonical].filter(([name]) => rule.reads.includes(name))
  if (kept.length === 0) return key.slice(0, question)
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${key.slice(0, question)}?${new URLSearchParams(kept).toString()}`
}
