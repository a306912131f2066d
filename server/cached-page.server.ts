import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { type QueryRule, READS_NOTHING } from './front-cache-keys.server'

/**
 * A page as the front cache keeps it (docs/decisions/036-front-cache.md): compressed once in each encoding,
 * with its validators and the headers of a 200 and of a 304 made once, so a hit only picks them.
 */

export type Encoding = 'br' | 'gzip' | 'identity'

/** One stored page: its bytes in each encoding and the headers (name, value, name, value, ...) of each. */
export type CachedPage = {
  key: string
  headers: Record<Encoding, string[]>
  /** The headers of a 304: validators, caching and the security headers, no body headers. */
  notModifiedHeaders: Record<Encoding, string[]>
  bodies: Record<Encoding, Buffer>
  etags: Record<Encoding, string>
  /** What the entry holds in memory, roughly: the three bodies. */
  bytes: number
  /** Milliseconds since the epoch after which the entry is not served (the start of the site's next day, or sooner when the page says so). */
  expiresAt: number
  /** Which query parameters the page reads, and their canonical form (its `frontCache` setting). */
  query: QueryRule
}

const negotiated = new Map<string, Encoding>()

/** The encoding to answer in: brotli, then gzip, then none, as Accept-Encoding allows (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  const known = negotiated.get(acceptEncoding)
  if (known) return known
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const accepts = (name: string) => {
    const weight = weights.get(name) ?? weights.get('*')
    return weight !== undefined && weight > 0
  }
  const encoding: Encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity'
  // Browsers send a handful of distinct values; a flood of odd ones must not grow this without end.
  if (negotiated.size < 64) negotiated.set(acceptEncoding, encoding)
  return encoding
}

/** Does If-None-Match name one of the entry's tags (weak comparison, as RFC 9110 asks for this header)? */
export function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const tags = new Set(Object.values(page.etags))
  return header.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')))
}

export type PageToStore = {
  key: string
  /** The rendered body, uncompressed. */
  body: string
  contentType: string
  cacheControl: string
  /** Every other header a response of this page carries (security headers, its policy). */
  headers: [string, string][]
  /**
   * The first moment of the site's next day after the render (SiteClock.startOfNextDay, in TIME_ZONE): pages
   * name "today" (upcoming and past events, the calendar's month), so none is kept past it.
   */
  dayEndsAt: number
  /** The query parameters the page reads and their canonical form; none when left out. */
  query?: QueryRule
  /** When the page changes by itself before the day ends (its data says so): kept until then only. */
  until?: number
}

/**
 * Compresses a render once and builds its stored form. Synchronously, on the main thread: a page takes
 * about a millisecond, and compressors run on the thread pool leave each pool thread with a malloc arena
 * of freed memory that the process never gives back (see server/compression.server.ts).
 */
export function buildCachedPage(page: PageToStore): CachedPage {
  const identity = Buffer.from(page.body, 'utf8')
  const gzipped = zlib.gzipSync(identity, { level: 9 })
  // Quality 8: about 1 ms for a page; 11 saves some 10% more but costs ~50x, on every first request.
  const brotlied = zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 8,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  })
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  const etags: Record<Encoding, string> = { identity: `"${tag}"`, gzip: `"${tag}-gz"`, br: `"${tag}-br"` }
  const bodies: Record<Encoding, Buffer> = { identity, gzip: gzipped, br: brotlied }
  const common = page.headers.flat()
  const validators = (encoding: Encoding) => [
    'ETag',
    etags[encoding],
    'Cache-Control',
    page.cacheControl,
    'Vary',
    'Accept-Encoding',
  ]
  const headersOf = (encoding: Encoding) => [
    ...common,
    'Content-Type',
    page.contentType,
    ...validators(encoding),
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
    'Content-Length',
    String(bodies[encoding].length),
  ]
  return {
    key: page.key,
    bodies,
    etags,
    headers: { identity: headersOf('identity'), gzip: headersOf('gzip'), br: headersOf('br') },
    notModifiedHeaders: {
      identity: [...common, ...validators('identity')],
      gzip: [...common, ...validators('gzip')],
      br: [...common, ...validators('br')],
    },
    bytes: identity.length + gzipped.length + brotlied.length,
    expiresAt: Math.min(page.dayEndsAt, page.until ?? Number.POSITIVE_INFINITY),
    query: page.query ?? READS_NOTHING,
  }
}
