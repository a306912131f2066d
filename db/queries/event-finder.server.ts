import { and, asc, desc, eq, getTableColumns, gte, lt, lte, type SQL, sql } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { Queryable } from '../client.server'
import {
  type EventCursor,
  type EventFilters,
  type EventListQuery,
  type EventScope,
  keywordWords,
} from '../event-filters'
import { chapters, type Event, events } from '../schema'

/**
 * Finding events on the public site (docs/decisions/061-event-search-with-fts5.md,
 * docs/decisions/062-event-filters-in-the-url.md): the filtered and searched list, a month of the calendar,
 * the calendar feeds. Keywords go through the FTS5 index `events_search` (migration 0008, kept in step with
 * events and chapter names by triggers); every other filter is a plain condition on events. Date-ordered
 * lists walk events_date_idx (or events_owner_date_idx for one chapter) and page by keyset, as the
 * unfiltered lists do.
 */

/**
 * The FTS5 table, for queries only: drizzle-kit reads db/schema.ts, which does not name it (a virtual table
 * is written by hand in its migration). Its rowid is the events row's rowid.
 */
const eventsSearch = sqliteTable('events_search', {
  rowid: integer('rowid').notNull(),
  title: text('title'),
})

/** Column weights of the ranking (bm25): title, description, location, host, chapter. */
const RANK = sql`bm25(${eventsSearch}, 10.0, 1.0, 3.0, 3.0, 4.0)`

/**
 * The FTS5 query of a keyword: every word must match, as the start of a word ("learn" finds "learning");
 * a word of one letter matches only itself. Words are quoted, so nothing a visitor types is FTS5 syntax.
 * Text typed decomposed (a Bengali vowel sign as two code points) is found by either form.
 */
export function keywordMatch(q: string): string | null {
  const words = keywordWords(q)
  if (words.length === 0) return null
  return words
    .map((word) => {
      const forms = [...new Set([word, word.normalize('NFD')])].map(
        (form) => `"${form}"${[...form].length > 1 ? '*' : ''}`,
      )
      return forms.length === 1 ? forms[0] : `(${forms.join(' OR ')})`
    })
    .join(' ')
}

/**
 * "Registration open", the one place that says what it means: an upcoming event (today or later) with a
 * registration link. Registration on this site (windows, seats) will replace this rule here.
 */
export function registrationOpen(today: string): SQL {
  return and(gte(events.eventDate, today), sql`${events.eventLink} <> ''`) as SQL
}

/** The scope's condition: today and later, or before today. */
function inScope(scope: EventScope, today: string): SQL {
  return scope === 'upcoming' ? gte(events.eventDate, today) : lt(events.eventDate, today)
}

/**
 * How a keyword narrows a date-ordered list:
 * - `lookup`: each match of the index is looked up in events (by rowid) and the survivors sorted: cheap
 *   while the matches are few;
 * - `walk`: the date index is walked in order and each entry checked against the set of matches (its
 *   rowid is in the index entry, so no row is read until one matches): cheap when matches are many, as a
 *   page is found after a few entries;
 * - `none`: not here (a ranked search joins the index itself).
 */
type KeywordPlan = 'lookup' | 'walk' | 'none'

/** Above this many matches a date-ordered list walks the date index (see KeywordPlan). */
const MANY_MATCHES = 2_000

/** How many events the FTS5 query matches (a count over the index: about a millisecond per 10,000). */
function countMatches(db: Queryable, match: string): number {
  return db.get<{ count: number }>(
    sql`SELECT count(*) AS count FROM ${eventsSearch} WHERE ${eventsSearch} MATCH ${match}`,
  ).count
}

/** The plan for a date-ordered list with this FTS5 query. */
function planFor(db: Queryable, match: string | null): KeywordPlan {
  if (!match) return 'none'
  return countMatches(db, match) > MANY_MATCHES ? 'walk' : 'lookup'
}

/**
 * The conditions of the filters, the keyword's as `plan` says. Fees and registration method are compared
 * as `+column`, so the planner keeps walking the date index instead of the fees index (which would read
 * every free event to find a page of them).
 */
/**
 * The conditions an index answers alone: the date range (events_date_idx) and the chapter
 * (events_owner_date_idx). Their rowids come from the index entries, without reading a row.
 */
function indexedConditions(filters: EventFilters): (SQL | undefined)[] {
  return [
    filters.from ? gte(events.eventDate, filters.from) : undefined,
    filters.to ? lte(events.eventDate, filters.to) : undefined,
    filters.chapter
      ? eq(
          events.ownerId,
          sql`(SELECT ${chapters.id} FROM ${chapters} WHERE ${chapters.slug} = ${filters.chapter})`,
        )
      : undefined,
  ]
}

function filterConditions(
  filters: EventFilters,
  today: string,
  plan: KeywordPlan,
  withIndexed = true,
): (SQL | undefined)[] {
  const match = plan !== 'none' && filters.q ? keywordMatch(filters.q) : null
  // `+rowid` keeps the planner from looking the matches up by rowid: it walks the date index instead.
  const rowid = plan === 'walk' ? sql`+${events}.rowid` : sql`${events}.rowid`
  return [
    ...(withIndexed ? indexedConditions(filters) : []),
    filters.mode
      ? sql`+${events.registrationMethod} = ${filters.mode === 'online' ? 'Online' : 'Offline'}`
      : undefined,
    filters.fees === 'free'
      ? sql`+${events.fees} = 0`
      : filters.fees === 'paid'
        ? sql`+${events.fees} > 0`
        : undefined,
    filters.registration === 'open' ? registrationOpen(today) : undefined,
    match
      ? sql`${rowid} IN (SELECT rowid FROM ${eventsSearch} WHERE ${eventsSearch} MATCH ${match})`
      : undefined,
  ]
}

const sortKey = sql`(${events.eventDate}, ${events.startTime}, ${events.id})`
const keyOf = (cursor: EventCursor) => sql`(${cursor.eventDate}, ${cursor.startTime}, ${cursor.id})`
const soonestFirst = [asc(events.eventDate), asc(events.startTime), asc(events.id)]
const newestFirst = [desc(events.eventDate), desc(events.startTime), desc(events.id)]

export type FoundEvents = {
  events: Event[]
  /** Date order: where the next page starts; null on the last page. */
  next: EventCursor | null
  /** Relevance order: is there a page after this one? */
  more: boolean
}

const cursorOf = (event: Event): EventCursor => ({
  eventDate: event.eventDate,
  startTime: event.startTime,
  id: event.id,
})

/**
 * One page of the events list: the filters within the scope (upcoming soonest first, past newest first),
 * or with a keyword and the relevance order, best match first (then soonest, or newest in the past).
 * One row more than `limit` is read to tell whether there is a next page.
 */
export function findEvents(
  db: Queryable,
  query: EventListQuery,
  options: { today: string; limit: number },
): FoundEvents {
  const { today, limit } = options
  const scope = inScope(query.when, today)
  const dateOrder = query.when === 'upcoming' ? soonestFirst : newestFirst
  const match = query.q ? keywordMatch(query.q) : null
  if (query.sort === 'relevance' && match) {
    // Every match in the scope is ranked. Two ways to find them: look each match's row up and check it
    // (about 1.5 µs a match, the rows being scattered), or take the rowids in the scope and date range from
    // the date (or chapter) index alone and drop the matches outside before reading a row (about 0.3 µs
    // an index entry). The counts decide; `+` keeps FTS5 from taking the IN as rowids to look up.
    const range = and(scope, ...indexedConditions(query))
    // Counted only as far as it matters, so the count costs at most a few times the matches.
    const enough = 4 * countMatches(db, match)
    const inRange = db.get<{ count: number }>(
      sql`SELECT count(*) AS count FROM (SELECT 1 FROM ${events} WHERE ${range} LIMIT ${enough})`,
    ).count
    const byRange = inRange < enough
    const conditions = byRange
      ? [
          sql`+${eventsSearch.rowid} IN (SELECT rowid FROM ${events} WHERE ${range})`,
          ...filterConditions(query, today, 'none', false),
        ]
      : [scope, ...filterConditions(query, today, 'none')]
    const rows = db
      .select(getTableColumns(events))
      .from(eventsSearch)
      .innerJoin(events, sql`${events}.rowid = ${eventsSearch.rowid}`)
      .where(and(sql`${eventsSearch} MATCH ${match}`, ...conditions))
      .orderBy(RANK, ...dateOrder)
      .limit(limit + 1)
      .offset((query.page - 1) * limit)
      .all()
    return { events: rows.slice(0, limit), next: null, more: rows.length > limit }
  }
  const cursor = query.when === 'upcoming' ? query.after : query.before
  const beyond = cursor
    ? query.when === 'upcoming'
      ? sql`${sortKey} > ${keyOf(cursor)}`
      : sql`${sortKey} < ${keyOf(cursor)}`
    : undefined
  const rows = db
    .select()
    .from(events)
    .where(and(scope, beyond, ...filterConditions(query, today, planFor(db, match))))
    .orderBy(...dateOrder)
    .limit(limit + 1)
    .all()
  const more = rows.length > limit
  const shown = more ? rows.slice(0, limit) : rows
  const last = shown[shown.length - 1]
  return { events: shown, next: more && last ? cursorOf(last) : null, more }
}

/**
 * The events of a calendar feed: the filters within the scope, soonest first (newest first for the past),
 * at most `limit`.
 */
export function findEventsForFeed(
  db: Queryable,
  filters: EventFilters,
  options: { today: string; when: EventScope; limit: number },
): Event[] {
  return db
    .select()
    .from(events)
    .where(
      and(
        inScope(options.when, options.today),
        ...filterConditions(filters, options.today, planFor(db, filters.q ? keywordMatch(filters.q) : null)),
      ),
    )
    .orderBy(...(options.when === 'upcoming' ? soonestFirst : newestFirst))
    .limit(options.limit)
    .all()
}

/** An event as a month's day shows it. */
export type MonthEvent = Pick<Event, 'id' | 'title' | 'eventDate' | 'startTime' | 'endTime'>

/** A day of the month with events: the first few of them (by start time) and how many there are. */
export type MonthDay = { events: MonthEvent[]; total: number }

/**
 * The events of a month (`YYYY-MM`) that pass the filters, by day: at most `perDay` of each day (by start
 * time), and each day's count. One statement over events_date_idx: a month costs the same with ten events
 * or a hundred thousand in other months.
 */
export function listMonthEvents(
  db: Queryable,
  month: string,
  filters: EventFilters,
  options: { today: string; perDay: number },
): Map<string, MonthDay> {
  const where = and(
    gte(events.eventDate, `${month}-01`),
    lte(events.eventDate, `${month}-31`),
    // A month is at most a few hundred entries of the date index: walked, whatever the keyword.
    ...filterConditions(filters, options.today, 'walk'),
  )
  const ranked = db
    .select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      startTime: events.startTime,
      endTime: events.endTime,
      position:
        sql<number>`row_number() OVER (PARTITION BY ${events.eventDate} ORDER BY ${events.startTime}, ${events.id})`.as(
          'position',
        ),
      total: sql<number>`count(*) OVER (PARTITION BY ${events.eventDate})`.as('total'),
    })
    .from(events)
    .where(where)
    .as('ranked')
  const rows = db
    .select()
    .from(ranked)
    .where(lte(ranked.position, options.perDay))
    .orderBy(asc(ranked.eventDate), asc(ranked.position))
    .all()
  const days = new Map<string, MonthDay>()
  for (const { position: _position, total, ...event } of rows) {
    const day = days.get(event.eventDate) ?? { events: [], total }
    day.events.push(event)
    days.set(event.eventDate, day)
  }
  return days
}

/** Name and slug of every chapter, by name: the chapter filter's choices. */
export function listChapterChoices(db: Queryable): { slug: string; name: string }[] {
  return db
    .select({ slug: chapters.slug, name: chapters.name })
    .from(chapters)
    .orderBy(sql`${chapters.name} COLLATE NOCASE`, asc(chapters.id))
    .all()
}
