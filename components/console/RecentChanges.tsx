import { useQuery } from '@tanstack/react-query'
import type { ActivityEntryDto } from '#db/dto'
import { LocalTime } from '../ui/LocalTime'
import { api } from './api'

/** How many of an item's latest entries its edit page shows; the Activity page has the rest. */
const RECENT_CHANGES = 8

/** What an entry did: an update names the fields it changed. */
function whatChanged(entry: ActivityEntryDto): string {
  if (entry.action !== 'update' || !entry.details) return entry.action
  const fields = Object.keys(entry.details)
  return fields.length > 0 ? `update: ${fields.join(', ')}` : entry.action
}

/**
 * An item's last changes under its edit form: who, what, when, and a link to all of them on the Activity
 * page. Read from the activity API, so it shows what the caller may see there; fetched fresh on each visit.
 */
export function RecentChanges({ itemId }: { itemId: string }) {
  const query = useQuery({
    queryKey: ['activity', 'item', itemId],
    queryFn: ({ signal }) =>
      api<{ entries: ActivityEntryDto[]; total: number }>(
        `/api/activity?item=${encodeURIComponent(itemId)}&pageSize=${RECENT_CHANGES}`,
        { signal },
      ),
    staleTime: 0,
    retry: false,
  })
  const entries = query.data?.entries ?? []
  return (
    <section aria-labelledby={`recent-changes-${itemId}`} className="mt-8 max-w-3xl">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`recent-changes-${itemId}`} className="text-lg font-semibold text-slate-900">
          Recent changes
        </h2>
        <a
          href={`/dashboard/activity?item=${encodeURIComponent(itemId)}`}
          className="text-sm text-brand-700 hover:underline"
        >
          All changes
        </a>
      </div>
      {query.isError ? (
        <p className="text-sm text-slate-600">The changes could not be loaded.</p>
      ) : query.isSuccess && entries.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
          {entries.map((entry) => (
            <li key={entry._id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
              <span className="font-medium text-slate-900">{entry.actor}</span>
              <span className="text-slate-700 [overflow-wrap:anywhere]">{whatChanged(entry)}</span>
              <time dateTime={entry.at} className="ml-auto text-xs whitespace-nowrap text-slate-600">
                <LocalTime at={entry.at} />
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
