import { useQuery } from '@tanstack/react-query'
import { api, listPath } from './api'

/**
 * The inbox's overall unread count for an administrator (the sidebar's badge, the inbox's tab title),
 * from the contact list's answer; refetched with the lists whenever a message changes (query key
 * 'contacts'). Undefined while unknown or for a chapter.
 */
export function useUnreadCount(enabled: boolean): number | undefined {
  const query = useQuery({
    queryKey: ['contacts', 'unread'],
    queryFn: async ({ signal }) => {
      const answer = await api<{ unread?: number }>(listPath('/api/contact', { page: 1, pageSize: 1 }), {
        signal,
      })
      return answer.unread ?? null
    },
    enabled,
    retry: false,
  })
  return query.data ?? undefined
}
