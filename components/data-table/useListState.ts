import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { useApiLimits } from '../console/apiLimits'

const URL_CHANGE = 'console:urlchange'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(URL_CHANGE, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(URL_CHANGE, onChange)
  }
}

/** The URL's query string, on the server (the request's) and in the browser, following every change. */
function useUrlSearch(): string {
  const { urlOriginal } = usePageContext()
  const serverSearch = new URL(urlOriginal, 'http://localhost').search
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  )
}

export type ListState = {
  page: number
  /** "field" or "-field" (descending), as the API reads it; empty for the list's own order. */
  sort: string
  q: string
}

export type ListStateControls = ListState & {
  setPage: (page: number, options?: { replace?: boolean }) => void
  setSort: (sort: string) => void
  setQuery: (q: string) => void
}

function readState(search: string, sortFields: readonly string[], searchMax: number): ListState {
  const params = new URLSearchParams(search)
  const page = Number.parseInt(params.get('page') ?? '', 10)
  const sort = params.get('sort') ?? ''
  const field = sort.replace(/^-/, '')
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sortFields.includes(field) ? sort : '',
    q: (params.get('q') ?? '').slice(0, searchMax),
  }
}

/**
 * A table's page, sort and search, kept in the URL's query string (?page=2&sort=-fees&q=dhaka) so that
 * back, reload and a shared link restore them. Changes go through history.pushState: Vike leaves such
 * entries to the page (no new render, no request), and this hook follows popstate itself. A list the API
 * does not search (`searchable` false) ignores a `q` in the URL.
 */
export function useListState(sortFields: readonly string[], searchable = true): ListStateControls {
  const search = useUrlSearch()
  const { searchMax } = useApiLimits()
  const state = useMemo(
    () => readState(search, sortFields, searchable ? searchMax : 0),
    [search, sortFields, searchable, searchMax],
  )

  const listPath = useListPath()
  const write = useCallback(
    (next: ListState, replace = false) => {
      // A search typed just before a link was followed lands after the next page's URL is in place.
      if (window.location.pathname !== listPath) return
      const params = new URLSearchParams(window.location.search)
      const set = (name: string, value: string, fallback: string) => {
        if (value && value !== fallback) params.set(name, value)
        else params.delete(name)
      }
      set('page', String(next.page), '1')
      set('sort', next.sort, '')
      set('q', next.q, '')
      const query = params.toString()
      const url = `${window.location.pathname}${query ? `?${query}` : ''}`
      if (url === `${window.location.pathname}${window.location.search}`) return
      if (replace) window.history.replaceState({}, '', url)
      else window.history.pushState({}, '', url)
      window.dispatchEvent(new Event(URL_CHANGE))
    },
    [listPath],
  )

  return {
    ...state,
    setPage: (page, options) => write({ ...state, page }, options?.replace),
    // A new order or search starts again at the first page.
    setSort: (sort) => write({ ...state, sort, page: 1 }),
    setQuery: (q) => write({ ...state, q, page: 1 }),
  }
}

/**
 * A list's own filters kept in the URL beside page, sort and search (the inbox's ?status=unread&from=…),
 * read through the same store as useListState; a change starts again at the first page.
 */
export function useUrlFilters<Name extends string>(
  names: readonly Name[],
): [Record<Name, string>, (changes: Partial<Record<Name, string>>) => void] {
  const search = useUrlSearch()
  const values = useMemo(() => {
    const params = new URLSearchParams(search)
    return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>
  }, [search, names])
  const listPath = useListPath()
  const set = useCallback(
    (changes: Partial<Record<Name, string>>) => {
      if (window.location.pathname !== listPath) return
      const params = new URLSearchParams(window.location.search)
      for (const [name, value] of Object.entries(changes) as [string, string | undefined][]) {
        if (value) params.set(name, value)
        else params.delete(name)
      }
      params.delete('page')
      const query = params.toString()
      window.history.pushState({}, '', `${window.location.pathname}${query ? `?${query}` : ''}`)
      window.dispatchEvent(new Event(URL_CHANGE))
    },
    [listPath],
  )
  return [values, set]
}

/**
 * The path of the page the list is rendered on: a change that arrives after the browser has moved to
 * another page (a link followed while a search was still being typed) is not written onto that page's URL.
 */
function useListPath(): string {
  return usePageContext().urlPathname
}
