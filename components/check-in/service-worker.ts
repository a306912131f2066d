import {
  type CheckInWorkerAnswer,
  type CheckInWorkerMessage,
  checkInCacheName,
  eventOfCheckInPath,
} from '#components/shared/check-in-app'

/**
 * The check-in page's service worker (docs/decisions/093-check-in-app-offline-through-reloads.md), built
 * on its own by server/build.mjs and served at `/dashboard/events/<id>/check-in/sw.js`, registered with
 * that page as its scope: it controls one event's check-in page and nothing else.
 *
 * - The page (a navigation to the scope): the network first; its 200 is kept as the shell. No answer (offline,
 *   or none within NETWORK_WAIT_MS) or a server error: the kept shell. A redirect (to sign in) or a 401/403:
 *   the kept shell too, so the page itself learns from the API that it may no longer check in, answers its
 *   queued scans and clears what it holds. A 404 or 410: the event is gone, its cache with it.
 * - Build files (`/assets/…`, hashed, never changing): from the cache, else fetched and kept.
 * - Everything else (the API above all: search answers carry other people's contacts) goes to the
 *   network untouched and is never kept. The roster lives in the page's IndexedDB, not here.
 * - A `keep` message from the page (after each online open) fetches the shell again and keeps the files
 *   the page loaded, dropping build files of older versions.
 *
 * A new version takes over at once (skipWaiting, claim) and is used from the next start; the cache and
 * the page's IndexedDB queue stay as they are.
 */

type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response>): void }
type MessageSource = { postMessage(message: unknown): void }
type ExtendableMessageEvent = ExtendableEvent & {
  data: unknown
  ports: readonly MessageSource[]
  source: MessageSource | null
}
type WorkerScope = {
  location: Location
  registration: { scope: string }
  clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}

const worker = self as unknown as WorkerScope

/** The build files the page may load (server/build.mjs writes them in from the build's list). */
declare const CHECK_IN_BUILD_FILES: readonly string[]

/** How long the page waits for the network before it opens from the cache (a hall's Wi-Fi that hangs). */
const NETWORK_WAIT_MS = 6000

const scopePath = new URL(worker.registration.scope).pathname.replace(/\/$/, '')
const eventId = eventOfCheckInPath(scopePath)
const cacheName = eventId ? checkInCacheName(eventId) : null
/** The cache key of the page's HTML: the scope's own URL, whatever query a start came with. */
const shellKey = new URL(scopePath, worker.location.origin).href

const isOwnBuildFile = (url: URL) =>
  url.origin === worker.location.origin && url.pathname.startsWith('/assets/')

worker.addEventListener('install', (event) => {
  // The page's files first, while the connection that brought this worker is there; then take over.
  event.waitUntil(
    (cacheName ? keepFiles(cacheName, CHECK_IN_BUILD_FILES) : Promise.resolve(new Set())).then(() =>
      worker.skipWaiting(),
    ),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim())
})

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (!cacheName || request.method !== 'GET') return
  const url = new URL(request.url)
  if (
    request.mode === 'navigate' &&
    url.origin === worker.location.origin &&
    eventOfCheckInPath(url.pathname) === eventId
  )
    event.respondWith(openPage(request, cacheName))
  else if (isOwnBuildFile(url)) event.respondWith(buildFile(event, cacheName))
})

worker.addEventListener('message', (event) => {
  const message = event.data as CheckInWorkerMessage | null
  if (!cacheName || message?.type !== 'keep' || !Array.isArray(message.urls)) return
  const reply = event.ports[0] ?? event.source
  event.waitUntil(keep(cacheName, message.urls).then((answer) => reply?.postMessage(answer)))
})

async function withinWait(request: Request): Promise<Response | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NETWORK_WAIT_MS)
  })
  try {
    return await Promise.race([fetch(request), late])
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

async function openPage(request: Request, name: string): Promise<Response> {
  const cache = await caches.open(name)
  const answer = await withinWait(request)
  if (answer && answer.status === 200 && answer.type === 'basic' && isHtml(answer)) {
    await cache.put(shellKey, answer.clone())
    return answer
  }
  const kept = await cache.match(shellKey)
  if (answer && (answer.status === 404 || answer.status === 410)) {
    await caches.delete(name)
    return answer
  }
  if (kept) return kept
  return answer ?? notYetKept()
}

const isHtml = (answer: Response) => (answer.headers.get('content-type') ?? '').startsWith('text/html')

/** Offline on a phone that never opened the page online: say so, in plain HTML without scripts. */
function notYetKept(): Response {
  return new Response(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Check-in: offline</title><main><h1>Offline</h1><p>This phone has not opened the check-in page with a connection yet. Connect to the internet and reload.</p></main></html>',
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  )
}

async function buildFile(event: FetchEvent, name: string): Promise<Response> {
  const { request } = event
  const cache = await caches.open(name)
  const kept = await cache.match(request, { ignoreVary: true })
  if (kept) return kept
  const answer = await fetch(request)
  if (answer.status === 200 && answer.type === 'basic') event.waitUntil(cache.put(request, answer.clone()))
  return answer
}

/** Keeps the page's build files (those not kept yet); answers those it holds. */
async function keepFiles(name: string, urls: readonly unknown[]): Promise<Set<string>> {
  const cache = await caches.open(name)
  const files = new Set<string>()
  for (const value of urls) {
    if (typeof value !== 'string') continue
    const url = new URL(value, worker.location.origin)
    if (isOwnBuildFile(url)) files.add(`${url.origin}${url.pathname}`)
  }
  for (const file of files) {
    if (await cache.match(file, { ignoreVary: true })) continue
    try {
      const answer = await fetch(file)
      if (answer.status === 200) await cache.put(file, answer)
      else files.delete(file)
    } catch {
      files.delete(file)
    }
  }
  return files
}

async function keep(name: string, urls: readonly unknown[]): Promise<CheckInWorkerAnswer> {
  const cache = await caches.open(name)
  let shell = false
  try {
    const answer = await fetch(shellKey, { credentials: 'same-origin', redirect: 'manual' })
    if (answer.status === 200 && isHtml(answer)) {
      await cache.put(shellKey, answer)
      shell = true
    }
  } catch {
    // Offline again: the shell kept before stays.
  }
  const files = await keepFiles(name, [...CHECK_IN_BUILD_FILES, ...urls])
  // Build files of an older version of the page are not needed any more.
  if (shell)
    for (const key of await cache.keys()) {
      const url = new URL(key.url)
      if (isOwnBuildFile(url) && !files.has(`${url.origin}${url.pathname}`)) await cache.delete(key)
    }
  return { type: 'kept', shell, files: files.size }
}
