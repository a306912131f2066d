import { z } from 'zod'
import { SEARCH_MAX } from './list-params'

/**
 * The filters of the public events pages, the month calendar and the calendar feeds
 * (docs/decisions/062-event-filters-in-the-url.md): read from a URL's query string, leniently (a value that
 * makes no sense is left out, never an error: these are links people bookmark and share), and written back
 * in one canonical form. The front cache keys a filtered page on that form, so `?q=ml&x=1` and
 * `?x=2&q=+ml+` are one page. Browser-safe: no database, no Node.
 */

/** Upcoming (today and later) or past (before today): the two halves of the events list. */
export const eventScopes = ['upcoming', 'past'] as const
export type EventScope = (typeof eventScopes)[number]

/** Online or offline: the event's registration method. */
export const eventModes = ['online', 'offline'] as const
export type EventMode = (typeof eventModes)[number]

/** Free (fees 0) or paid (fees above 0). */
export const eventFeeKinds = ['free', 'paid'] as const
export type EventFeeKind = (typeof eventFeeKinds)[number]

/** By date (the scope's order) or, with a keyword, by how well an event matches it. */
export const eventSorts = ['relevance', 'date'] as const
export type EventSort = (typeof eventSorts)[number]

/** What narrows the events, wherever they are shown: the list, the month, a feed. */
export type EventFilters = {
  /** Keyword(s), matched as word prefixes in title, description, location, host and chapter. */
  q: string | null
  /** First and last day (YYYY-MM-DD, both included). */
  from: string | null
  to: string | null
  /** The owning chapter's slug. */
  chapter: string | null
  mode: EventMode | null
  fees: EventFeeKind | null
  /** Only events one can register for now (db/queries/event-finder.server.ts says what that means). */
  registration: 'open' | null
}

/** A position in a date-ordered list: the sort key of the last event shown. */
export type EventCursor = { eventDate: string; startTime: string; id: string }

/** The events list: the filters, upcoming or past, the order and the page. */
export type EventListQuery = EventFilters & {
  when: EventScope
  sort: EventSort
  /** Upcoming by date: the events after this one. */
  after: EventCursor | null
  /** Past by date: the events before this one. */
  before: EventCursor | null
  /** By relevance: the page number (1 is the first). */
  page: number
}

/** The query parameters the filters take, and those of the list besides. */
export const EVENT_FILTER_PARAMETERS = ['q', 'from', 'to', 'chapter', 'mode', 'fees', 'registration'] as const
export const EVENT_LIST_PARAMETERS = [
  ...EVENT_FILTER_PARAMETERS,
  'when',
  'sort',
  'after',
  'before',
  'page',
] as const

/** Words of a keyword search at most (each costs a term lookup). */
export const KEYWORD_WORDS_MAX = 8
/** Pages of a search by relevance at most: beyond that, narrow the search. */
export const RELEVANCE_PAGES_MAX = 50

export const NO_EVENT_FILTERS: EventFilters = {
  q: null,
  from: null,
  to: null,
  chapter: null,
  mode: null,
  fees: null,
  registration: null,
}

/** A run of letters, digits and combining marks (Bengali vowel signs and virama are marks): one word. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** The words of a keyword as the search matches them (FTS5's tokenizer splits the same way). */
export function keywordWords(q: string): string[] {
  return (q.normalize('NFC').match(WORD) ?? []).slice(0, KEYWORD_WORDS_MAX)
}

const keyword = z
  .string()
  .transform((value) =>
    value
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SEARCH_MAX)
      .trim(),
  )
  .refine((value) => keywordWords(value).length > 0)

/** A real calendar day, written YYYY-MM-DD, between the years 1900 and 2999. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1900 || year > 2999) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const day = z.string().trim().refine(isCalendarDay)
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80)
const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.string().trim().toLowerCase().pipe(z.enum(values))
const pageNumber = z
  .string()
  .regex(/^\d{1,4}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{2}:\d{2})_([\w-]{1,64})$/

export function encodeCursor(event: EventCursor): string {
  return `${event.eventDate}_${event.startTime}_${event.id}`
}

/** The cursor in a ?before= or ?after= parameter, or null when it is missing or malformed. */
export function decodeCursor(value: string | undefined | null): EventCursor | null {
  const match = value ? CURSOR.exec(value) : null
  if (!match) return null
  const [, eventDate = '', startTime = '', id = ''] = match
  return { eventDate, startTime, id }
}

/** Query parameters as pages and the server hold them: URLSearchParams, or Vike's parsed `search`. */
export type QueryParameters = URLSearchParams | Record<string, string | undefined>

const parameterValue = (parameters: QueryParameters, name: string): string | undefined => {
  const value = parameters instanceof URLSearchParams ? parameters.get(name) : parameters[name]
  return value ?? undefined
}

/** The parameter `name` read with `schema`, or null when missing, empty or not valid. */
function read<Output>(parameters: QueryParameters, name: string, schema: z.ZodType<Output>): Output | null {
  const value = parameterValue(parameters, name)
  if (value === undefined || value.trim() === '') return null
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The filters a URL asks for; what is missing or makes no sense is left out. */
export function readEventFilters(parameters: QueryParameters): EventFilters {
  let from = read(parameters, 'from', day)
  let to = read(parameters, 'to', day)
  // A range given backwards is meant forwards.
  if (from && to && from > to) [from, to] = [to, from]
  return {
    q: read(parameters, 'q', keyword),
    from,
    to,
    chapter: read(parameters, 'chapter', slug),
    mode: read(parameters, 'mode', oneOf(eventModes)),
    fees: read(parameters, 'fees', oneOf(eventFeeKinds)),
    registration: read(parameters, 'registration', oneOf(['open'])),
  }
}

/**
 * The list a URL asks for. A `before` cursor pages the past, an `after` cursor the upcoming events, both
 * in date order; a search by relevance pages by number. A cursor or page that does not fit the rest is
 * left out.
 */
export function readEventListQuery(parameters: QueryParameters): EventListQuery {
  const filters = readEventFilters(parameters)
  const sort: EventSort =
    filters.q !== null && read(parameters, 'sort', oneOf(eventSorts)) !== 'date' ? 'relevance' : 'date'
  let before = sort === 'date' ? decodeCursor(parameterValue(parameters, 'before')) : null
  const askedWhen = read(parameters, 'when', oneOf(eventScopes))
  const when: EventScope = before || askedWhen === 'past' ? 'past' : 'upcoming'
  const after =
    sort === 'date' && when === 'upcoming' ? decodeCursor(parameterValue(parameters, 'after')) : null
  if (when === 'upcoming') before = null
  const page =
    sort === 'relevance' ? Math.min(read(parameters, 'page', pageNumber) ?? 1, RELEVANCE_PAGES_MAX) : 1
  return { ...filters, when, sort, after, before, page }
}

/** The filters as query parameters, in the canonical order (sorted by name), those not set left out. */
export function eventFilterParameters(filters: EventFilters): URLSearchParams {
  const entries: [string, string][] = []
  for (const name of EVENT_FILTER_PARAMETERS) {
    const value = filters[name]
    if (value !== null) entries.push([name, value])
  }
  return sorted(entries)
}

/** The list's query parameters, canonical: defaults (upcoming, the sort a search has anyway) left out. */
export function eventListParameters(query: EventListQuery): URLSearchParams {
  const entries = [...eventFilterParameters(query)]
  // A `before` cursor says "past" by itself.
  if (query.when === 'past' && !query.before) entries.push(['when', 'past'])
  if (query.q !== null && query.sort === 'date') entries.push(['sort', 'date'])
  if (query.after) entries.push(['after', encodeCursor(query.after)])
  if (query.before) entries.push(['before', encodeCursor(query.before)])
  if (query.page > 1) entries.push(['page', String(query.page)])
  return sorted(entries)
}

function sorted(entries: [string, string][]): URLSearchParams {
  return new URLSearchParams(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** `path` with `parameters` as its query string (none when empty). */
export function withQuery(path: string, parameters: URLSearchParams): string {
  const query = parameters.toString()
  return query ? `${path}?${query}` : path
}

/** Is any filter set? */
export function hasEventFilters(filters: EventFilters): boolean {
  return EVENT_FILTER_PARAMETERS.some((name) => filters[name] !== null)
}

/** The list query of a fresh search with these filters: first page, the default order. */
export function firstPageOf(filters: EventFilters, when: EventScope = 'upcoming'): EventListQuery {
  return {
    ...pickFilters(filters),
    when,
    sort: filters.q ? 'relevance' : 'date',
    after: null,
    before: null,
    page: 1,
  }
}

/** Only the filters of a list query (no scope, order or page). */
export function pickFilters(filters: EventFilters): EventFilters {
  const picked = { ...NO_EVENT_FILTERS }
  for (const name of EVENT_FILTER_PARAMETERS) (picked as Record<string, unknown>)[name] = filters[name]
  return picked
}

/** The canonical query string of a list URL's parameters (the front cache's key for /events). */
export function canonicalEventListParameters(parameters: URLSearchParams): URLSearchParams {
  return eventListParameters(readEventListQuery(parameters))
}

/** The canonical query string of a month's or a feed's parameters: the filters only. */
export function canonicalEventFilterParameters(parameters: URLSearchParams): URLSearchParams {
  return eventFilterParameters(readEventFilters(parameters))
}
