import fs from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler, type Router } from 'express'
import sharp from 'sharp'
import {
  CHECK_IN_ICON_SIZES,
  type CheckInIconSize,
  checkInIconPath,
  checkInPath,
} from '#components/shared/check-in-app'
import { site } from '#content/site'
import { findChapterById } from '#db/queries/accounts.server'
import { findEventById } from '#db/queries/events.server'
import { idParamSchema } from '#db/validation'
import type { AppContext } from '../context.server'
import type { CheckInPrincipal } from '../policy/principal.server'
import { canCheckInAt } from '../policy/rules.server'
import { PRIVATE_CACHE_CONTROL } from '../private-answers.server'

/**
 * The check-in page as an app on the phone's home screen
 * (docs/decisions/093-check-in-app-offline-through-reloads.md), under each event's check-in page:
 * - `…/check-in/sw.js`: the service worker, with `Service-Worker-Allowed` naming the page, so that it may
 *   control the page itself (its folder alone would be `…/check-in/`). Code only, the same for everyone.
 * - `…/check-in/manifest.webmanifest`: names the chapter and the event; for whoever may check in there
 *   (the door cookie's path covers it; the page asks for it with credentials).
 * - `…/check-in/icon-192.png`, `icon-512.png`: the site's icon, drawn once from pages/favicon.svg.
 */

/** The site's colour (pages/+Head.tsx's theme-color, the favicon's background). */
const THEME_COLOR = '#004e85'

export type WebAppManifest = {
  id: string
  name: string
  short_name: string
  description: string
  start_url: string
  scope: string
  display: 'fullscreen'
  display_override: string[]
  orientation: 'portrait'
  background_color: string
  theme_color: string
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[]
}

/** The manifest of one event's check-in page: its own app, named by the event and its chapter. */
export function checkInManifest(event: { id: string; title: string }, chapterName: string): WebAppManifest {
  const start = checkInPath(event.id)
  return {
    id: start,
    name: `Check-in: ${event.title} (${chapterName})`,
    short_name: 'Check-in',
    description: `The door of ${event.title}, ${chapterName}: scan tickets and check people in, offline too.`,
    start_url: start,
    scope: start,
    display: 'fullscreen',
    // Where full screen is not offered, a standalone window: still no browser bar.
    display_override: ['fullscreen', 'standalone'],
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: CHECK_IN_ICON_SIZES.flatMap((size) =>
      (['any', 'maskable'] as const).map((purpose) => ({
        src: checkInIconPath(event.id, size),
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose,
      })),
    ),
  }
}

export type CheckInAppOptions = {
  /**
   * The service worker's script: the build's file in production, bundled when asked in development;
   * none without pages (API tests).
   */
  workerScript: (() => Promise<string>) | undefined
  /** What finds who asks (the session, then the door cookie), before the manifest's rule. */
  principalMiddleware: RequestHandler[]
}

export function createCheckInAppRouter(ctx: AppContext, options: CheckInAppOptions): Router {
  const router = express.Router()
  const icons = new Map<CheckInIconSize, Promise<Buffer>>()
  const iconOf = (size: CheckInIconSize) => {
    let icon = icons.get(size)
    if (!icon) {
      // The favicon's rounded square filled to the edge on the theme colour: safe as a maskable icon too.
      const svg = fs.readFileSync(path.resolve('pages/favicon.svg'))
      icon = sharp(svg, { density: Math.ceil((72 * size) / 40) })
        .resize(size, size)
        .flatten({ background: THEME_COLOR })
        .png()
        .toBuffer()
      icon.catch(() => icons.delete(size))
      icons.set(size, icon)
    }
    return icon
  }
  const eventIdOf = (value: unknown) => {
    const parsed = idParamSchema.safeParse(value)
    return parsed.success ? parsed.data : null
  }

  router.get('/dashboard/events/:id/check-in/sw.js', async (req, res, next) => {
    try {
      const eventId = eventIdOf(req.params.id)
      if (!eventId || !options.workerScript) return next()
      const script = await options.workerScript()
      res.setHeader('Service-Worker-Allowed', checkInPath(eventId))
      // Asked again at every start: a new version takes over at the next one.
      res.setHeader('Cache-Control', 'no-cache')
      res.type('text/javascript').send(script)
    } catch (error) {
      next(error)
    }
  })

  router.get(
    '/dashboard/events/:id/check-in/manifest.webmanifest',
    ...options.principalMiddleware,
    (req, res, next) => {
      const eventId = eventIdOf(req.params.id)
      const event = eventId ? findEventById(ctx.db, eventId) : undefined
      if (!event) return next()
      const principal: CheckInPrincipal | undefined = req.principal ?? req.door
      res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
      if (!principal || !canCheckInAt(principal, event)) {
        res
          .status(principal ? 403 : 401)
          .type('text/plain')
          .send(principal ? 'Forbidden' : 'Unauthorized')
        return
      }
      const chapter = event.ownerId ? findChapterById(ctx.db, event.ownerId) : undefined
      res
        .type('application/manifest+json')
        .send(JSON.stringify(checkInManifest(event, chapter?.name ?? site.chapterName)))
    },
  )

  router.get('/dashboard/events/:id/check-in/icon-:size.png', async (req, res, next) => {
    try {
      const size = CHECK_IN_ICON_SIZES.find((candidate) => String(candidate) === req.params.size)
      if (!eventIdOf(req.params.id) || !size) return next()
      const png = await iconOf(size)
      res.setHeader('Cache-Control', 'public, max-age=86400')
      res.type('image/png').send(png)
    } catch (error) {
      next(error)
    }
  })

  return router
}
