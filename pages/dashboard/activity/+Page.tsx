import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { api } from '../../../components/console/api'
import { PageHeader } from '../../../components/console/PageHeader'
import { buttonStyles, inputStyles } from '../../../components/ui/styles'
import type { ActivityEntryDto } from '../../../db/dto'

const PAGE_SIZE = 50
const FILTERS = ['person', 'action', 'type', 'item', 'from', 'to'] as const
type Filter = (typeof FILTERS)[number]
type Filters = Record<Filter, string> & { page: number }

const ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'sign-in',
  'sign-out',
  'sign-in-locked',
  'password-changed',
  'password-reset',
  'reset-link-created',
  'invitation-sent',
  'invitation-accepted',
  'invitation-revoked',
  'person-disabled',
  'person-enabled',
  'person-removed',
  'settings',
  'upload',
  'reply',
  'assign',
  'spam',
  'not-spam',
]
const TYPES = [
  'event',
  'member',
  'message',
  'chapter',
  'info',
  'person',
  'invitation',
  'session',
  'settings',
  'upload',
]

const URL_CHANGE = 'console:urlchange'
function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(URL_CHANGE, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(URL_CHANGE, onChange)
  }
}

function readFilters(search: string): Filters {
  const params = new URLSearchParams(search)
  const page = Number.parseInt(params.get('page') ?? '', 10)
  const filters = { page: Number.isInteger(page) && page >= 1 ? page : 1 } as Filters
  for (const name of FILTERS) filters[name] = params.get(name) ?? ''
  return filters
}

/** The filters as the API reads them (empty ones left out). */
function apiQuery(filters: Filters, withPage: boolean): string {
  const params = new URLSearchParams()
  for (const name of FILTERS) if (filters[name]) params.set(name, filters[name])
  if (withPage) {
    params.set('page', String(filters.page))
    params.set('pageSize', String(PAGE_SIZE))
  }
  return params.toString()
}

/** The filters and page, kept in the URL (back, reload and a shared link restore them). */
function useFilters() {
  const { urlOriginal } = usePageContext()
  const serverSearch = new URL(urlOriginal, 'http://localhost').search
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  )
  const filters = useMemo(() => readFilters(search), [search])
  const setFilters = useCallback((changes: Partial<Filters>) => {
    const next = { ...readFilters(window.location.search), page: 1, ...changes }
    const query = apiQuery(next, false)
    const page = next.page > 1 ? `${query ? '&' : ''}page=${next.page}` : ''
    window.history.pushState(
      null,
      '',
      `${window.location.pathname}${query || page ? '?' : ''}${query}${page}`,
    )
    window.dispatchEvent(new Event(URL_CHANGE))
  }, [])
  return { filters, setFilters }
}

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** An update's changed fields, "field: before → after"; other details as "key: value". */
function describe(details: ActivityEntryDto['details']): string {
  if (!details) return ''
  return Object.entries(details)
    .map(([key, value]) =>
      Array.isArray(value) && value.length === 2
        ? `${key}: ${String(value[0] ?? '')} → ${String(value[1] ?? '')}`
        : `${key}: ${String(value)}`,
    )
    .join('; ')
}

/** Who changed what, when: filters in the URL, pages from the server, the filtered view as CSV. */
export function Page() {
  const { filters, setFilters } = useFilters()
  const query = useQuery({
    queryKey: ['activity', filters],
    queryFn: ({ signal }) =>
      api<{ entries: ActivityEntryDto[]; total: number }>(`/api/activity?${apiQuery(filters, true)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  })
  const entries = query.data?.entries ?? []
  const total = query.data?.total ?? 0
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const personName = entries.find((entry) => entry.actorId === filters.person)?.actor
  const exportHref = `/api/activity/export?${apiQuery(filters, false)}`

  const select = (name: Filter, label: string, options: string[]) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <select
        className={inputStyles}
        value={filters[name]}
        onChange={(event) => setFilters({ [name]: event.target.value })}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  )
  const date = (name: 'from' | 'to', label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <input
        type="date"
        className={inputStyles}
        value={filters[name]}
        onChange={(event) => setFilters({ [name]: event.target.value })}
      />
    </label>
  )

  return (
    <>
      <PageHeader title="Activity" description="Who changed what, and when. Entries are kept for 400 days." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        {select('action', 'Action', ACTIONS)}
        {select('type', 'Type', TYPES)}
        {date('from', 'From')}
        {date('to', 'To')}
        {filters.person ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => setFilters({ person: '' })}>
            Person: {personName ?? 'chosen'} ✕
          </button>
        ) : null}
        {filters.item ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => setFilters({ item: '' })}>
            Item: {entries.find((entry) => entry.itemId === filters.item)?.itemTitle || 'chosen'} ✕
          </button>
        ) : null}
        <a className={`${buttonStyles.secondary} ml-auto`} href={exportHref} download>
          Export CSV
        </a>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-label="Activity">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th className="px-3 py-2">When</th>
              <th className="px-3 py-2">Who</th>
              <th className="px-3 py-2">Action</th>
              <th className="px-3 py-2">Item</th>
              <th className="px-3 py-2">Changes</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry._id} className="border-b border-slate-100 align-top last:border-0">
                <td className="px-3 py-2 whitespace-nowrap">{formatWhen(entry.at)}</td>
                <td className="px-3 py-2">
                  {entry.actorId ? (
                    <button
                      type="button"
                      className="text-left text-brand-700 hover:underline"
                      title={`Only ${entry.actor}'s activity`}
                      onClick={() => setFilters({ person: entry.actorId ?? '' })}
                    >
                      {entry.actor}
                    </button>
                  ) : (
                    entry.actor
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{entry.action}</td>
                <td className="px-3 py-2">
                  {entry.itemHref ? (
                    <a className="font-medium text-brand-700 hover:underline" href={entry.itemHref}>
                      {entry.itemTitle}
                    </a>
                  ) : (
                    <span className="font-medium text-slate-900">{entry.itemTitle}</span>
                  )}
                  <span className="block text-xs text-slate-500">{entry.type}</span>
                </td>
                <td className="max-w-md px-3 py-2 text-xs text-slate-600 [overflow-wrap:anywhere]">
                  {describe(entry.details)}
                </td>
              </tr>
            ))}
            {query.isSuccess && entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-slate-500">
                  No Activity Found
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
        <span>
          {total > 10_000 ? 'More than 10,000 entries' : `${total} ${total === 1 ? 'entry' : 'entries'}`}
        </span>
        <span className="flex items-center gap-2">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={filters.page <= 1}
            onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
          >
            Previous
          </button>
          Page {filters.page} of {lastPage}
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={filters.page >= lastPage}
            onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
          >
            Next
          </button>
        </span>
      </div>
    </>
  )
}
