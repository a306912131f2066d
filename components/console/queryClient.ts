import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api'

/** Answers that another try cannot change: bad input, no session, no access, not found, too many. */
const isFinal = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500

/**
 * How long the browser keeps an unused query's data. On the server it must stay react-query's own
 * default there, Infinity, which schedules no timer: a query made while rendering a console page on the
 * server is never fetched or shown again, and a 5-minute timer per query would keep that render's whole
 * query cache alive for 5 minutes (about 100 KB a render, gigabytes under load).
 */
const BROWSER_GC_TIME = 5 * 60 * 1000
const gcTime = typeof window === 'undefined' ? Number.POSITIVE_INFINITY : BROWSER_GC_TIME

/**
 * Data fetching of docs/product.md#constants: 3 retries with an exponential delay capped at 30 s (react-query's default
 * delay), nothing retried that the server refused on purpose, a 5-minute cache in the browser. Lists
 * that docs/product.md#constants says are not retried say `retry: false` where they are used. A 401 means the session
 * ended (signed out elsewhere, password changed): `onSignedOut` takes the person to the sign-in page.
 */
export function createQueryClient(onSignedOut: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) onSignedOut()
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinal(error) && failureCount < 3,
        gcTime,
      },
      mutations: { retry: false },
    },
  })
}
