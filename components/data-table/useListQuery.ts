import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiRequestError, api, listPath } from '../console/api'
import { useApiLimits } from '../console/apiLimits'
import type { ListStateControls } from './useListState'

/**
 * One page of a list from the API for the URL's page, sort and search. The previous page stays on
 * screen while the next one loads. A page past the end (the last row of the last page was deleted)
 * moves back to the last page.
 */
export function useListQuery<Row, Key extends string>({
  queryKey,
  path,
  list,
  rowsKey,
  retry,
  filters,
}: {
  filters?: Record<string, string> | undefined
  queryKey: readonly unknown[]
  path: string
  list: ListStateControls
  rowsKey: Key
  retry?: boolean
}) {
  const { pageSize } = useApiLimits()
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
    loading: query.isPending,
    updating: query.isFetching && query.isPlaceholderData,
    error: query.isError && !query.data ? errorText(query.error) : null,
  }
}

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'The list could not be loaded. Try again in a moment.'
