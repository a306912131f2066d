import {
  type CheckInWorkerAnswer,
  type CheckInWorkerMessage,
  checkInCacheName,
  checkInPath,
  checkInWorkerPath,
} from '#components/shared/check-in-app'

/**
 * The page's side of its service worker (components/check-in/service-worker.ts,
 * docs/decisions/093-check-in-app-offline-through-reloads.md): registered for this event's check-in page
 * alone, then told which build files the page loaded, so a reload without a connection opens it from the
 * phone. Forgotten (cache and registration) when the phone may no longer check in here.
 */

const KEEP_WAIT_MS = 30_000

function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      if (registration.active) resolve(registration.active)
      const pending = registration.installing ?? registration.waiting
      if (!registration.active && !pending) reject(new Error('No service worker'))
      return pending
    }
    const pending = settle()
    pending?.addEventListener('statechange', () => {
      if (pending.state === 'activated') resolve(pending)
      else if (pending.state === 'redundant') settle()
    })
  })
}

function ask(worker: ServiceWorker, message: CheckInWorkerMessage): Promise<CheckInWorkerAnswer | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(null), KEEP_WAIT_MS)
    channel.port1.onmessage = (event) => {
      clearTimeout(timer)
      resolve(event.data as CheckInWorkerAnswer)
    }
    worker.postMessage(message, [channel.port2])
  })
}

/**
 * The build files this page has loaded (scripts, styles, fonts), by URL. The service worker adds those
 * the page may load later (the QR reader's), which the build lists for it.
 */
function loadedBuildFiles(): string[] {
  const urls = new Set<string>()
  for (const entry of performance.getEntriesByType('resource')) urls.add(entry.name)
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src], link[href]',
  ))
    urls.add('src' in element ? element.src : element.href)
  return [...urls].filter((url) => {
    const parsed = new URL(url, location.href)
    return parsed.origin === location.origin && parsed.pathname.startsWith('/assets/')
  })
}

/**
 * Registers the service worker and has it keep the page and its files. True once a reload without a
 * connection will open the page; false where the browser has no service workers or it failed.
 */
export async function keepPageOnPhone(eventId: string): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return false
  try {
    const registration = await navigator.serviceWorker.register(checkInWorkerPath(eventId), {
      scope: checkInPath(eventId),
    })
    const worker = await activeWorker(registration)
    const answer = await ask(worker, { type: 'keep', urls: loadedBuildFiles() })
    return answer?.shell === true
  } catch {
    return false
  }
}

/** Removes the event's cached page and its service worker: the next start asks the server. */
export async function forgetPageOnPhone(eventId: string): Promise<void> {
  try {
    if ('caches' in window) await caches.delete(checkInCacheName(eventId))
    if (!('serviceWorker' in navigator)) return
    const scope = new URL(checkInPath(eventId), location.origin).href
    for (const registration of await navigator.serviceWorker.getRegistrations())
      if (registration.scope === scope) await registration.unregister()
  } catch {
    // Nothing kept, or storage refused: nothing to remove.
  }
}
