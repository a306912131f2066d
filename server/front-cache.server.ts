import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'

/**
 * The front cache (docs/decisions/036-front-cache.md): rendered public pages kept in memory and answered before Express runs.
 *
 * - What goes in: only what the page handler (server/api/pages.server.ts) stores: 200 renders of public pages
 *   made for a visitor without a session, rendered without a nonce (their policy names script hashes).
 *   A render made for a signed-in visitor is never stored. Serving an anonymous render to anyone is
 *   fine: public pages say nothing about the visitor (the Dashboard link comes from the chrome script).
 * - What it answers: GET and HEAD of a stored URL, in brotli, gzip or plain as the client accepts, with a
 *   strong ETag (304 on If-None-Match), the security headers Express would send, and a fresh request id.
 *   A URL with query parameters its page does not read is answered as the URL without them (its canonical
 *   URL), so a parameter that changes on every request does not cost a render each; a page may also say how
 *   its parameters' values are written canonically (the events filters), so `?q=+ml` is `?q=ml`.
 *   Everything else (other methods, unknown URLs, odd query strings) goes to Express untouched.
 * - When entries go: every successful API write that may change a public page drops them
 *   (`invalidate`; server/api/router.server.ts says which writes leave public pages alone), so a change
 *   is visible on the very next request. A write that knows the pages it changes (a post, a committee's
 *   members, one page's texts) names them (`ChangedPages`) and only those go; any other drops them all; every entry also expires when the site's day ends, in TIME_ZONE (upcoming
 *   and past events, "today", the footer's year); the least recently used go first once `maxBytes` is
 *   reached, and once
 *   more than `maxQueryPages` entries have a query string (filtered lists: any visitor can make new ones).
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

const READS_NOTHING: QueryRule = { reads: [] }

export type FrontCacheOptions = {
  /** Bodies kept at most, all encodings counted (default 32 MB). */
  maxBytes?: number
  /** The clock (tests move it past midnight). */
  now?: () => number
  /**
   * Entries with a query string kept at most (filtered lists, later pages), whatever their size: random
   * searches must not push the site's own pages out (default 200). The least recently used goes first.
   */
  maxQueryPages?: number
  /** Called after each answer from the cache, for the request log. */
  onServed?: (served: ServedRequest) => void
  /** The request id of an answer (the same rules as Express's request log). */
  requestId: (req: IncomingMessage) => string
  /** The header the request id goes out in. */
  requestIdHeader: string
}

export type ServedRequest = {
  id: string
  method: string
  url: string
  status: number
  startedAt: number
  remoteAddress: string | undefined
}

/** Query parameters that only say where a visitor came from: they never change a page, so they are dropped. */
const TRACKING_PARAMETER =
  /^(?:utm_[a-z_]+|fbclid|gclid|dclid|msclkid|twclid|igshid|mc_cid|mc_eid|ref|ref_src)$/i

/** Request paths the cache never keys: anything a browser would not send as a page address. */
const UNUSUAL_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]|%(?![0-9A-Fa-f]{2})|\/\.\.?(?:\/|$)/

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024
const DEFAULT_MAX_QUERY_PAGES = 200

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

const pathOf = (key: string) => {
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
function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
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

/** Paths whose parameters the cache remembers at most (one per stored page's path; forgotten all at once). */
const MAX_KNOWN_PATHS = 10_000

/**
 * The pages a write changed: every page, or the paths named (each with any query string: `/blogs` names
 * `/blogs?page=2` too). Menus and the footer are on every page, so a write that changes them is `'all'`.
 */
export type ChangedPages = 'all' | readonly string[]

export class FrontCache {
  readonly maxBytes: number
  readonly maxQueryPages: number
  readonly now: () => number
  /** Insertion order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, CachedPage>()
  /** The keys of entries with a query string, in the same use order (bounded by maxQueryPages). */
  private readonly queryKeys = new Set<string>()
  /**
   * The query rule of the page at each path, learnt from the pages stored: a URL with parameters the page
   * does not read (`/events?x=1`), or written otherwise than canonically, is answered as its canonical URL
   * (`/events`). A page's settings do not change while the process runs, so this outlives invalidations.
   */
  private readonly queryOfPath = new Map<string, QueryRule>()
  private storedBytes = 0
  private currentGeneration = 0
  private readonly options: FrontCacheOptions
  readonly stats = { hits: 0, notModified: 0, stored: 0, evicted: 0, invalidations: 0 }

  constructor(options: FrontCacheOptions) {
    this.options = options
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    this.maxQueryPages = options.maxQueryPages ?? DEFAULT_MAX_QUERY_PAGES
    this.now = options.now ?? Date.now
  }

  /** Changes with every invalidation: a render that started in an older generation is not stored. */
  get generation(): number {
    return this.currentGeneration
  }

  get size(): number {
    return this.entries.size
  }

  get bytes(): number {
    return this.storedBytes
  }

  /** Entries with a query string. */
  get queryPages(): number {
    return this.queryKeys.size
  }

  /** The live entry of a key, or undefined (an expired one is dropped on the way). */
  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key)
    if (!page) return undefined
    if (this.now() >= page.expiresAt) {
      this.remove(key)
      return undefined
    }
    return page
  }

  /** Stores a page made in `generation`; a page made before the latest invalidation is dropped instead. */
  store(page: CachedPage, generation: number): boolean {
    if (generation !== this.currentGeneration || page.bytes > this.maxBytes) return false
    this.remove(page.key)
    this.entries.set(page.key, page)
    const path = pathOf(page.key)
    if (!this.queryOfPath.has(path)) {
      if (this.queryOfPath.size >= MAX_KNOWN_PATHS) this.queryOfPath.clear()
      this.queryOfPath.set(path, page.query)
    }
    this.storedBytes += page.bytes
    this.stats.stored++
    if (page.key.includes('?')) {
      this.queryKeys.add(page.key)
      for (const key of this.queryKeys) {
        if (this.queryKeys.size <= this.maxQueryPages) break
        this.remove(key)
        this.stats.evicted++
      }
    }
    for (const [key] of this.entries) {
      if (this.storedBytes <= this.maxBytes) break
      this.remove(key)
      this.stats.evicted++
    }
    return true
  }

  /**
   * The key a URL's key is answered as: without the query parameters its page does not read (they cannot
   * change what it shows), the others in their canonical form. Null while no page at that path has been
   * stored (its parameters are unknown).
   */
  canonicalKey(key: string): string | null {
    const question = key.indexOf('?')
    if (question === -1) return key
    const rule = this.queryOfPath.get(key.slice(0, question))
    if (!rule) return null
    return canonicalKeyOf(key, rule)
  }

  /**
   * Drops the entries of the pages that changed (all by default): the data behind them changed. A render
   * in flight anywhere is not stored either (it may have read the data before the write).
   */
  invalidate(pages: ChangedPages = 'all'): void {
    if (pages !== 'all' && pages.length === 0) return
    this.currentGeneration++
    this.stats.invalidations++
    if (pages === 'all') {
      this.entries.clear()
      this.queryKeys.clear()
      this.storedBytes = 0
      return
    }
    const paths = new Set(pages)
    for (const key of [...this.entries.keys()]) if (paths.has(pathOf(key))) this.remove(key)
  }

  private remove(key: string): void {
    const page = this.entries.get(key)
    if (!page) return
    this.entries.delete(key)
    this.queryKeys.delete(key)
    this.storedBytes -= page.bytes
  }

  /** Marks an entry as the most recently used. */
  private touch(key: string, page: CachedPage): void {
    this.entries.delete(key)
    this.entries.set(key, page)
    if (this.queryKeys.delete(key)) this.queryKeys.add(key)
  }

  /**
   * Answers the request from the cache and returns true, or returns false without touching it (the
   * caller then hands it to Express). Only GET and HEAD of a stored key are answered.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD') || this.entries.size === 0) return false
    const url = req.url ?? ''
    let key = frontCacheKey(url)
    if (key === null) return false
    let page = this.get(key)
    if (!page) {
      // A parameter the page does not read (`/events?x=1`): the page of its canonical URL.
      const canonical = this.canonicalKey(key)
      if (canonical === null || canonical === key) return false
      page = this.get(canonical)
      if (!page) return false
      key = canonical
    }
    const startedAt = performance.now()
    // Most recently used goes last.
    this.touch(key, page)

    const encoding = chooseEncoding(req.headers['accept-encoding'])
    const id = this.options.requestId(req)
    const notModified = matchesIfNoneMatch(req.headers['if-none-match'], page)
    if (notModified) {
      this.stats.notModified++
      res.writeHead(304, [...page.notModifiedHeaders[encoding], this.options.requestIdHeader, id])
      res.end()
    } else {
      this.stats.hits++
      res.writeHead(200, [...page.headers[encoding], this.options.requestIdHeader, id])
      if (method === 'HEAD') res.end()
      else res.end(page.bodies[encoding])
    }
    this.options.onServed?.({
      id,
      method,
      url,
      status: notModified ? 304 : 200,
      startedAt,
      remoteAddress: req.socket.remoteAddress,
    })
    return true
  }

  /**
   * Sends a stored page through Express's response (the render that filled the entry): the same headers
   * and bytes a later hit gets, set one by one so Express's own wrappers see them.
   */
  sendThrough(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    const notModified = matchesIfNoneMatch(req.headers['if-none-match'], page)
    const headers = notModified ? page.notModifiedHeaders[encoding] : page.headers[encoding]
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string)
    res.statusCode = notModified ? 304 : 200
    if (notModified || req.method === 'HEAD') res.end()
    else res.end(page.bodies[encoding])
  }
}
