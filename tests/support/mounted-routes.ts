import type { Express } from 'express'

/** What Express's router (the `router` package, 2.x) tells of itself: its routes and the routers it mounts. */
type RouterListing = {
  listRoutes(): { path: string | RegExp; methods: string[] | undefined; router: RouterListing | undefined }[]
}

function joinPaths(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/{2,}/g, '/')
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

/**
 * Every route a router answers, as `METHOD /path` with Express's own parameter syntax (`GET /api/events/:id`),
 * read from the router itself and from every router mounted in it, however deep. A router mounted later
 * is listed without anyone adding it here. The HEAD Express adds to each GET is left out.
 */
export function routesOf(router: RouterListing, prefix = ''): string[] {
  return router.listRoutes().flatMap(({ path, methods, router: mounted }) => {
    if (typeof path !== 'string')
      throw new Error(`a route matched by a regular expression cannot be listed: ${path}`)
    const full = joinPaths(prefix, path)
    if (mounted) return routesOf(mounted, full)
    return (methods ?? []).filter((method) => method !== 'HEAD').map((method) => `${method} ${full}`)
  })
}

/** The routes of the JSON API the app mounts (everything under /api), sorted. */
export function apiRoutesOf(app: Express): string[] {
  const routes = routesOf(app.router as unknown as RouterListing)
  return routes.filter((route) => /^\S+ \/api(?:\/|$)/.test(route)).sort()
}
