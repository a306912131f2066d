import { createColumnHelper } from '@tanstack/react-table'
import type { ServerTableFeatures } from '../../../components/data-table/serverTable'
import { formatDateTime } from '../../../components/text/dates'
import type { ActivityEntryDto } from '../../../db/dto'

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

const helper = createColumnHelper<ServerTableFeatures, ActivityEntryDto>()

/**
 * The log's columns, newest first (the API sorts nothing else): when, who (a name filters the log by that
 * person), the action, the item (a link to its page while it exists) and the changed fields.
 */
export const activityColumns = ({ onPerson }: { onPerson: (personId: string) => void }) =>
  helper.columns([
    helper.accessor('at', {
      header: 'When',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => formatDateTime(info.getValue()),
    }),
    helper.accessor('actor', {
      header: 'Who',
      enableSorting: false,
      cell: (info) => {
        const { actor, actorId } = info.row.original
        return actorId ? (
          <button
            type="button"
            className="text-left text-brand-700 hover:underline"
            title={`Only ${actor}'s activity`}
            onClick={() => onPerson(actorId)}
          >
            {actor}
          </button>
        ) : (
          actor
        )
      },
    }),
    helper.accessor('action', {
      header: 'Action',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
    }),
    helper.accessor('itemTitle', {
      header: 'Item',
      enableSorting: false,
      meta: { card: 'title' },
      cell: (info) => {
        const entry = info.row.original
        return (
          <>
            {entry.itemHref ? (
              <a className="font-medium text-brand-700 hover:underline" href={entry.itemHref}>
                {entry.itemTitle}
              </a>
            ) : (
              <span className="font-medium text-slate-900">{entry.itemTitle}</span>
            )}
            <span className="block text-xs text-slate-500">{entry.type}</span>
          </>
        )
      },
    }),
    helper.accessor('details', {
      header: 'Changes',
      enableSorting: false,
      meta: { className: 'max-w-md text-xs text-slate-600 [overflow-wrap:anywhere]' },
      cell: (info) => describe(info.getValue()),
    }),
  ])
