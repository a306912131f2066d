import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api, failureText, listPath } from '../console/api'
import { useApiLimits } from '../console/apiLimits'
import type { ListStateControls } from './useListState'

/** What ListTable shows of a list's request: nothing yet, a newer one on its way, or why it failed. */
export type ListStatus = { loading: boolean; updating: boolean; error: string | null }

/** A list query's status; the rows on screen stay while a newer request runs. */
export function listStatus(query: UseQueryResult<unknown>): ListStatus {
  return {
    loading: query.isPending,
    updating: query.isFetching && query.isPlaceholderData,
    error: query.isError && !query.data ? failureText(query.error, LIST_FAILED) : null,
  }
}

const LIST_FAILED = 'The list could not be loaded. Try again in a moment.'

/**
 * One page of a list from the API for the URL's page, sort and search. The previous page stays on
 * screen while the next one loads. A page past the end (the last row of the last page was deleted)
 * moves back to the last page. `pageSize`: the list's own, when not the console's usual one.
 */
export function useListQuery<Row, Key extends string>({
  queryKey,
  path,
  list,
  rowsKey,
  retry,
  filters,
  pageSize: ownPageSize,
}: {
  filters?: Record<string, string> | undefined
  pageSize?: number | undefined
  queryKey: readonly unknown[]
  path: string
  list: ListStateControls
  rowsKey: Key
  retry?: boolean
}) {
  const limits = useApiLimits()
  const pageSize = ownPageSize ?? limits.pageSize
  const params = { page: list.page, pageSize, sort: list.sort, q: list.q, filters }
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) =>
      api<Record<Key, Row[]> & { total: number; unread?: number }>(listPath(path, params), { signal }),
    placeholderData: keepPreviousData,
    ...(retry === undefined ? {} : { retry }),
  })
  const total = query.data?.total ?? 0
  const lastPage = Math.max(1, Math.ceil(total / pageSize))
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && list.page > lastPage
  const { setPage } = list
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true })
  }, [pastTheEnd, lastPage, setPage])

  return {
    rows: query.data?.[rowsKey] ?? [],
    total,
    /** The inbox's overall unread count, when the list answers one. */
    unread: query.data?.unread,
    /** The whole answer of the page on screen, for what a list answers besides its rows (the attendees' counts). */
    answer: query.data,
    ...listStatus(query),
  }
}
