import type { IncomingMessage, ServerResponse } from 'node:http'
import { type CachedPage, chooseEncoding, type Encoding, matchesIfNoneMatch } from './cached-page.server'
import { canonicalKeyOf, frontCacheKey, pathOf, type QueryRule } from './front-cache-keys.server'

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

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024
const DEFAULT_MAX_QUERY_PAGES = 200

/** What the cache counts: answers (200 and 304), pages stored, pushed out for room, and invalidations. */
export type FrontCacheStats = FrontCache['stats']

export type FrontCacheStatistics = FrontCacheStats & {
  /** Pages held, their bytes (all encodings) and how many of them have a query string. */
  entries: number
  bytes: number
  queryPages: number
}

/** Paths whose parameters the cache remembers at most (one per stored page's path; forgotten all at once). */
const MAX_KNOWN_PATHS = 10_000

/** A stored page, its answers' headers with a place for the request id, and when it was last answered. */
type Entry = {
  page: CachedPage
  /** The 200's headers in each encoding, the request id's name and a place for its value last. */
  head: Record<Encoding, string[]>
  notModifiedHead: Record<Encoding, string[]>
  /** The cache's use count when it was stored or last answered: the lowest is the least recently used. */
  lastUsed: number
}

const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity']

/**
 * The pages a write changed: every page, or the paths named (each with any query string: `/blogs` names
 * `/blogs?page=2` too). Menus and the footer are on every page, so a write that changes them is `'all'`.
 */
export type ChangedPages = 'all' | readonly string[]

export class FrontCache {
  readonly maxBytes: number
  readonly maxQueryPages: number
  readonly now: () => number
  private readonly entries = new Map<string, Entry>()
  /** The keys of entries with a query string (bounded by maxQueryPages). */
  private readonly queryKeys = new Set<string>()
  /**
   * Counts stores and answers: an entry keeps the count of its last use. A hit only writes a number (no
   * reordering of the map); the rare eviction looks for the lowest.
   */
  private uses = 0
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
  /** The counts when `countsSince` last read them. */
  private counted = { ...this.stats }

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

  /** What the cache holds and its counts since the process started (the health endpoint's `frontCache`). */
  statistics(): FrontCacheStatistics {
    return { entries: this.size, bytes: this.storedBytes, queryPages: this.queryKeys.size, ...this.stats }
  }

  /** The counts since the previous call (the periodic `front cache` log line). */
  countsSinceLastRead(): FrontCacheStats {
    const now = { ...this.stats }
    const since = Object.fromEntries(
      Object.entries(now).map(([name, count]) => [name, count - this.counted[name as keyof FrontCacheStats]]),
    ) as FrontCacheStats
    this.counted = now
    return since
  }

  /** The live entry of a key, or undefined (an expired one is dropped on the way). */
  get(key: string): CachedPage | undefined {
    return this.liveEntry(key)?.page
  }

  private liveEntry(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.now() >= entry.page.expiresAt) {
      this.remove(key)
      return undefined
    }
    return entry
  }

  /** Stores a page made in `generation`; a page made before the latest invalidation is dropped instead. */
  store(page: CachedPage, generation: number): boolean {
    if (generation !== this.currentGeneration || page.bytes > this.maxBytes) return false
    this.remove(page.key)
    const withId = (headers: Record<Encoding, string[]>) =>
      Object.fromEntries(
        ENCODINGS.map((encoding) => [encoding, [...headers[encoding], this.options.requestIdHeader, '']]),
      ) as Record<Encoding, string[]>
    this.entries.set(page.key, {
      page,
      head: withId(page.headers),
      notModifiedHead: withId(page.notModifiedHeaders),
      lastUsed: ++this.uses,
    })
    const path = pathOf(page.key)
    if (!this.queryOfPath.has(path)) {
      if (this.queryOfPath.size >= MAX_KNOWN_PATHS) this.queryOfPath.clear()
      this.queryOfPath.set(path, page.query)
    }
    this.storedBytes += page.bytes
    this.stats.stored++
    if (page.key.includes('?')) {
      this.queryKeys.add(page.key)
      if (this.queryKeys.size > this.maxQueryPages)
        this.evictLeastRecentlyUsed(this.queryKeys, () => this.queryKeys.size <= this.maxQueryPages)
    }
    if (this.storedBytes > this.maxBytes)
      this.evictLeastRecentlyUsed(this.entries.keys(), () => this.storedBytes <= this.maxBytes)
    return true
  }

  /** Drops the least recently used of `keys` until `enough` says so. */
  private evictLeastRecentlyUsed(keys: Iterable<string>, enough: () => boolean): void {
    const byUse = [...keys].sort(
      (a, b) => (this.entries.get(a)?.lastUsed ?? 0) - (this.entries.get(b)?.lastUsed ?? 0),
    )
    for (const key of byUse) {
      if (enough()) break
      this.remove(key)
      this.stats.evicted++
    }
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
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.queryKeys.delete(key)
    this.storedBytes -= entry.page.bytes
  }

  /**
   * Answers the request from the cache and returns true, or returns false without touching it (the
   * caller then hands it to Express). Only GET and HEAD of a stored key are answered.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD') || this.entries.size === 0) return false
    const url = req.url ?? ''
    // Most hits name a stored key to the letter (a key is a URL as browsers send it): no parsing then.
    let entry = this.liveEntry(url)
    if (!entry) {
      const key = frontCacheKey(url)
      if (key === null) return false
      entry = this.liveEntry(key)
      if (!entry) {
        // A parameter the page does not read (`/events?x=1`): the page of its canonical URL.
        const canonical = this.canonicalKey(key)
        if (canonical === null || canonical === key) return false
        entry = this.liveEntry(canonical)
        if (!entry) return false
      }
    }
    const startedAt = this.options.onServed ? performance.now() : 0
    entry.lastUsed = ++this.uses

    const { page } = entry
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    const id = this.options.requestId(req)
    const notModified = matchesIfNoneMatch(req.headers['if-none-match'], page)
    // The id goes in the last place of the entry's own array: writeHead reads the array at once and keeps
    // nothing of it, so no copy is made per answer.
    const head = notModified ? entry.notModifiedHead[encoding] : entry.head[encoding]
    head[head.length - 1] = id
    if (notModified) {
      this.stats.notModified++
      res.writeHead(304, head)
      res.end()
    } else {
      this.stats.hits++
      res.writeHead(200, head)
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
