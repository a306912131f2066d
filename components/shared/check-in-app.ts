/**
 * The check-in page as an installable app (docs/decisions/093-check-in-app-offline-through-reloads.md):
 * the paths of its service worker, manifest and icons, all under the event's check-in page (so the door
 * cookie, scoped to that path, goes with them), and the name of the event's cache. Shared by the page,
 * its service worker and the server.
 */

/** The check-in page of an event: also the service worker's scope and the manifest's start_url. */
export const checkInPath = (eventId: string) => `/dashboard/events/${eventId}/check-in`

export const checkInWorkerPath = (eventId: string) => `${checkInPath(eventId)}/sw.js`

export const checkInManifestPath = (eventId: string) => `${checkInPath(eventId)}/manifest.webmanifest`

/** The home-screen icon sizes Chrome's installability asks for. */
export const CHECK_IN_ICON_SIZES = [192, 512] as const
export type CheckInIconSize = (typeof CHECK_IN_ICON_SIZES)[number]

export const checkInIconPath = (eventId: string, size: CheckInIconSize) =>
  `${checkInPath(eventId)}/icon-${size}.png`

/** The event's check-in page, from a path of its scope; null for any other path. */
export function eventOfCheckInPath(pathname: string): string | null {
  return /^\/dashboard\/events\/([0-9a-f]{24})\/check-in\/?$/.exec(pathname)?.[1] ?? null
}

/** The Cache Storage cache of one event's check-in page: its HTML, scripts, styles and fonts. */
export const checkInCacheName = (eventId: string) => `check-in:${eventId}`

/** What the page asks its service worker, and what it answers. */
export type CheckInWorkerMessage = { type: 'keep'; urls: string[] }
export type CheckInWorkerAnswer = { type: 'kept'; shell: boolean; files: number }
