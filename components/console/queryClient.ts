import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api'

/** Answers that another try cannot change: bad input, no session, no access, not found, too many. */
const isFinal = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500

/**
 * Data fetching of spec §9: 3 retries with an exponential delay capped at 30 s (react-query's default
 * delay), nothing retried that the server refused on purpose, a 5-minute cache. Lists that the spec
 * fetches without retries say `retry: false` where they are used. A 401 means the session ended
 * (signed out elsewhere, password changed): `onSignedOut` takes the person to the sign-in page.
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
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  })
}
