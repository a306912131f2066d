import express, { type Router } from 'express'
import { toCsv } from '#components/shared/csv'
import { localDaySpan } from '#db/clock'
import { toActivityEntryDto } from '#db/dto'
import {
  type ActivityFilters,
  exportActivity,
  itemKey,
  type LiveItem,
  listActivityPage,
  liveItemsOf,
} from '#db/queries/activity.server'
import type { ActivityEntry } from '#db/schema'
import { type ActivityListQuery, activityListQuerySchema } from '#db/validation'
import type { AppContext } from '../context.server'
import type { Principal } from '../policy/principal.server'
import { principalOf, signedIn } from '../policy/require.server'
import { chapterScopeOf, isAdmin } from '../policy/rules.server'
import { readQuery } from './input.server'

/** The most rows one CSV export holds (the newest of the filtered view). */
export const ACTIVITY_EXPORT_MAX = 50_000

/** The query's filters, scoped to an officer's chapter; `from` and `to` are local days, both included. */
function filtersOf(query: ActivityListQuery, principal: Principal, timeZone: string): ActivityFilters {
  return {
    actorId: query.person,
    action: query.action,
    type: query.type,
    itemId: query.item,
    chapterId: chapterScopeOf(principal),
    ...localDaySpan(query, timeZone),
  }
}

/**
 * The console page where the caller edits an entry's item, or null: the item is gone (trashed or purged),
 * or the caller has no page for it (members are edited by their officers, chapters and messages by
 * administrators).
 */
function itemHrefOf(entry: ActivityEntry, live: Map<string, LiveItem>, principal: Principal): string | null {
  const item = entry.itemId ? live.get(itemKey(entry.type, entry.itemId)) : undefined
  if (!item || !entry.itemId) return null
  const admin = isAdmin(principal)
  switch (entry.type) {
    case 'event':
      return `/dashboard/events/edit-event/${entry.itemId}`
    case 'member':
      return admin ? null : `/dashboard/excom/edit-excom/${entry.itemId}`
    case 'chapter':
      return admin && item.slug ? `/dashboard/chapter/${item.slug}` : null
    case 'info':
      if (!admin) return '/dashboard/settings'
      return item.slug ? `/dashboard/chapter/${item.slug}` : null
    case 'message':
      return admin && item.email ? `/dashboard/contact-list?q=${encodeURIComponent(item.email)}` : null
    case 'certificate-template':
      return `/dashboard/certificates/edit/${entry.itemId}`
    case 'post':
      return `/dashboard/posts/${entry.itemId}`
    case 'site':
      return admin ? '/dashboard/site' : null
    // No console page edits one of these (liveItemsOf looks none up).
    case 'certificate':
    case 'committee':
    case 'door-link':
    case 'person':
    case 'invitation':
    case 'session':
    case 'settings':
    case 'upload':
    case 'registration':
      return null
  }
}

/** The activity log: read only, through the API (entries are written with the changes they record). */
export function createActivityRouter({ db, clock }: AppContext): Router {
  const router = express.Router()
  router.use(signedIn)

  router.get('/', (req, res) => {
    const query = readQuery(req, activityListQuerySchema)
    const { page, pageSize } = query
    const principal = principalOf(req)
    const { rows, total } = listActivityPage(db, {
      page,
      pageSize,
      ...filtersOf(query, principal, clock.timeZone),
    })
    const live = liveItemsOf(db, rows)
    res.json({
      success: true,
      entries: rows.map((entry) => ({
        ...toActivityEntryDto(entry),
        itemHref: itemHrefOf(entry, live, principal),
      })),
      total,
    })
  })

  router.get('/export', (req, res) => {
    const query = readQuery(req, activityListQuerySchema)
    const rows = exportActivity(
      db,
      filtersOf(query, principalOf(req), clock.timeZone),
      ACTIVITY_EXPORT_MAX,
    ).map((entry) => [
      entry.at.toISOString(),
      entry.actorName,
      entry.action,
      entry.type,
      entry.itemTitle,
      entry.itemId ?? '',
      entry.details ?? '',
    ])
    res
      .type('text/csv; charset=utf-8')
      .attachment('activity.csv')
      .send(`\uFEFF${toCsv(['When', 'Who', 'Action', 'Type', 'Item', 'Item id', 'Details'], rows)}`)
  })

  return router
}
