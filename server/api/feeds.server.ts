import { type Request, type Response, Router } from 'express'
import { formatEventWhen } from '#components/shared/dates'
import { escapeMarkup } from '#components/shared/escape'
import { formatFees } from '#components/shared/fees'
import { markdownToPlainText } from '#components/shared/markdown'
import { publicPages } from '#content/public-pages'
import { site } from '#content/site'
import { eventTimes } from '#db/clock'
import { hasEventFilters, NO_EVENT_FILTERS, readEventFilters, readEventListQuery } from '#db/event-filters'
import { calendarUrl, monthOf } from '#db/event-links'
import { publishedCommitteeYears } from '#db/queries/committees.server'
import { findEventsForFeed } from '#db/queries/event-finder.server'
import { findEventById } from '#db/queries/events.server'
import { listPublishedPosts } from '#db/queries/posts.server'
import { listChapterSlugs } from '#db/queries/public-chapters.server'
import { listEventSitemapEntries, listNewestEvents } from '#db/queries/public-events.server'
import { eventsRegisteringHere } from '#db/queries/registrations.server'
import type { Event } from '#db/schema'
import { committeeOfPath, committeePath } from '#db/validation'
import type { AppContext } from '../context.server'
import { eventCoverSvg } from '../event-cover.server'
import { buildCalendar, type CalendarEvent } from '../ical.server'

/** How many entries each feed carries at most. */
const LIMITS = {
  sitemapEvents: 45_000,
  sitemapPosts: 5_000,
  rssEvents: 30,
  rssPosts: 30,
  calendarEvents: 500,
} as const

/** Feeds change with the data; a few minutes of caching is plenty. */
function send(res: Response, type: string, body: string) {
  res.setHeader('Content-Type', type)
  res.setHeader('Cache-Control', 'public, max-age=300')
  res.send(body)
}

/**
 * /robots.txt, /sitemap.xml, /rss.xml, /events.ics and /events/{id}.ics (docs/decisions/006-page-metadata-and-feeds.md): answered
 * before the page renderer, with absolute URLs from PUBLIC_URL. /events.ics takes the filters of the
 * events pages (db/event-filters.ts) and `when=past`, so every filtered view has its feed
 * (docs/decisions/063-calendar-feeds-and-add-to-calendar-links.md).
 */
export function createFeedsRouter(ctx: AppContext): Router {
  const router = Router()
  const origin = ctx.env.publicUrl
  const url = (path: string) => `${origin}${path}`

  /** An event of a feed; `registersHere`: its registration is on this site, so 'Register' is its page. */
  const calendarEvent = (event: Event, registersHere: boolean): CalendarEvent => {
    const { start, end } = eventTimes(event, ctx.env.TIME_ZONE)
    const register = registersHere || !event.eventLink ? url(`/events/${event.id}`) : event.eventLink
    return {
      uid: `${event.id}@${new URL(origin).hostname}`,
      title: event.title,
      description: `${markdownToPlainText(event.description)}\n\nOrganized by ${event.host}. Fees: ${formatFees(event.fees)}. Register: ${register}`,
      location: event.location,
      start: new Date(start),
      end: new Date(end),
      url: url(`/events/${event.id}`),
      updatedAt: event.updatedAt,
    }
  }
  /** The events as a feed's VEVENTs. */
  const calendarEvents = (found: Event[]) => {
    const here = eventsRegisteringHere(
      ctx.db,
      found.map((event) => event.id),
    )
    return found.map((event) => calendarEvent(event, here.has(event.id)))
  }

  router.get('/robots.txt', (_req, res) => {
    send(
      res,
      'text/plain; charset=utf-8',
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /api',
        '',
        `Sitemap: ${url('/sitemap.xml')}`,
        '',
      ].join('\n'),
    )
  })

  router.get('/sitemap.xml', (_req, res) => {
    const entry = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeMarkup(url(path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`
    const entries = [
      // The committees are the published ones in the database, not the years content/ once described.
      ...Object.keys(publicPages)
        .filter((path) => committeeOfPath(path) === null)
        .map((path) => entry(path)),
      ...publishedCommitteeYears(ctx.db).map(({ kind, year }) => entry(committeePath(kind, year))),
      // This month's calendar; not every month, nor any filtered view: those are endless.
      entry(calendarUrl(monthOf(ctx.clock.today()), NO_EVENT_FILTERS)),
      ...listPublishedPosts(ctx.db, { limit: LIMITS.sitemapPosts }).map((post) =>
        entry(`/blogs/${post.slug}`),
      ),
      ...listChapterSlugs(ctx.db).map((chapter) => entry(`/chapter/${chapter.slug}`, chapter.updatedAt)),
      ...listEventSitemapEntries(ctx.db, LIMITS.sitemapEvents).map((event) =>
        entry(`/events/${event.id}`, event.updatedAt),
      ),
    ]
    send(
      res,
      'application/xml; charset=utf-8',
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`,
    )
  })

  router.get('/rss.xml', (_req, res) => {
    const items = [
      ...listNewestEvents(ctx.db, LIMITS.rssEvents).map((event) => ({
        title: event.title,
        link: url(`/events/${event.id}`),
        description: `${formatEventWhen(event)}, ${event.location}. ${markdownToPlainText(event.description)}`,
        published: event.createdAt,
        category: 'Event',
      })),
      ...listPublishedPosts(ctx.db, { limit: LIMITS.rssPosts }).map((post) => ({
        title: post.title,
        link: url(`/blogs/${post.slug}`),
        description: post.summary,
        published: post.publishedAt ?? post.updatedAt,
        category: 'Article',
      })),
    ].sort((a, b) => b.published.getTime() - a.published.getTime())
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${escapeMarkup(site.chapterName)}</title>`,
      `<link>${escapeMarkup(url('/'))}</link>`,
      `<description>${escapeMarkup(`Events and articles of the ${site.chapterName}`)}</description>`,
      '<language>en</language>',
      `<atom:link href="${escapeMarkup(url('/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
      ...items.map(
        (item) =>
          `<item><title>${escapeMarkup(item.title)}</title><link>${escapeMarkup(item.link)}</link><guid isPermaLink="true">${escapeMarkup(item.link)}</guid><category>${item.category}</category><pubDate>${item.published.toUTCString()}</pubDate><description>${escapeMarkup(item.description)}</description></item>`,
      ),
      '</channel>',
      '</rss>',
      '',
    ].join('\n')
    send(res, 'application/rss+xml; charset=utf-8', body)
  })

  router.get('/events.ics', (req, res) => {
    const parameters = new URLSearchParams(req.originalUrl.split('?')[1] ?? '')
    const filters = readEventFilters(parameters)
    const when = readEventListQuery(parameters).when
    const found = findEventsForFeed(ctx.db, filters, {
      today: ctx.clock.today(),
      when,
      limit: LIMITS.calendarEvents,
    })
    const name = `${site.chapterName}: ${when === 'past' ? 'past events' : 'events'}${hasEventFilters(filters) ? ' (filtered)' : ''}`
    send(res, 'text/calendar; charset=utf-8', buildCalendar(name, calendarEvents(found)))
  })

  // The cover of an event without a banner (server/event-cover.server.ts).
  router.get('/events/:id/cover.svg', (req: Request<{ id: string }>, res, next) => {
    const event = findEventById(ctx.db, req.params.id)
    if (!event) {
      next()
      return
    }
    send(res, 'image/svg+xml; charset=utf-8', eventCoverSvg(event))
  })

  router.get('/events/:id.ics', (req: Request<{ id: string }>, res, next) => {
    const event = findEventById(ctx.db, req.params.id)
    if (!event) {
      next()
      return
    }
    res.setHeader('Content-Disposition', `attachment; filename="event-${event.id}.ics"`)
    send(res, 'text/calendar; charset=utf-8', buildCalendar(event.title, calendarEvents([event])))
  })

  return router
}
