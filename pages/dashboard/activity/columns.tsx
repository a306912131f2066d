import { createColumnHelper } from '@tanstack/react-table'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { LocalTime } from '#components/ui/LocalTime'
import type { ActivityRow } from './foldUploads'

/** Fields that hold an image's URL: a new one shows as "a new image", not as its URL. */
const IMAGE_FIELDS = new Set(['banner', 'image', 'logo'])

const kilobytes = (bytes: unknown) =>
  typeof bytes === 'number' ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} KB` : ''

/**
 * What an entry changed, in words: an update's fields as "field: before → after", a new item's image as
 * "with a new image" when its upload is folded into it (foldUploads.ts), an upload nothing used as its size
 * and type, check-ins counted in one entry as how many were let in; other details as "key: value".
 */
export function describe(row: Pick<ActivityRow, 'action' | 'details' | 'usedUploads'>): string {
  const { details, usedUploads } = row
  if (row.action === 'upload')
    return [
      'An image',
      kilobytes(details?.bytes),
      details?.type ? `(${String(details.type).toUpperCase()})` : '',
    ]
      .filter(Boolean)
      .join(' ')
  if (row.action === 'check-in' && typeof details?.count === 'number')
    return details.count === 1 ? '1 attendee let in' : `${details.count} attendees let in`
  if (!details) return ''
  const parts = Object.entries(details).map(([key, value]) => {
    if (Array.isArray(value) && value.length === 2) {
      const [before, after] = value
      if (IMAGE_FIELDS.has(key) && usedUploads.includes(String(after))) return `${key}: a new image`
      return `${key}: ${String(before ?? '')} → ${String(after ?? '')}`
    }
    if (IMAGE_FIELDS.has(key)) return usedUploads.includes(String(value)) ? 'with a new image' : ''
    return `${key}: ${String(value)}`
  })
  return parts.filter(Boolean).join('; ')
}

const helper = createColumnHelper<ServerTableFeatures, ActivityRow>()

/**
 * The log's columns (of its rows with their uploads folded in, foldUploads.ts), newest first (the API sorts nothing else): when, who (a name filters the log by that
 * person), the action, the item (a link to its page while it exists) and the changed fields.
 */
export const activityColumns = ({ onPerson }: { onPerson: (personId: string) => void }) =>
  helper.columns([
    helper.accessor('at', {
      header: 'When',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => <LocalTime at={info.getValue()} />,
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
      // On a phone the card opens with the item, whatever the columns' order.
      meta: { card: 'title', className: 'max-sm:order-first' },
      cell: (info) => {
        const entry = info.row.original
        return (
          <>
            {entry.action === 'upload' ? (
              // An upload nothing on this page used: its URL is its only name.
              <a className="font-medium text-brand-700 hover:underline" href={entry.itemTitle}>
                Uploaded image
              </a>
            ) : entry.itemHref ? (
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
      cell: (info) => describe(info.row.original),
    }),
  ])
