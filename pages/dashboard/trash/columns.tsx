import { createColumnHelper } from '@tanstack/react-table'
import { AskFirstButton } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { TrashItemDto } from '#db/dto'
import type { TrashItemType } from '#db/schema-enums'

/** How the Trash names each kind of item. */
const TYPE_NAMES: Record<TrashItemType, string> = {
  event: 'Event',
  member: 'Committee member',
  message: 'Contact message',
  chapter: 'Chapter',
  'certificate-template': 'Certificate template',
  post: 'Post',
  committee: 'Committee',
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days until the purge, at least 0. */
function daysLeft(purgeAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS))
}

type TrashActions = {
  isAdmin: boolean
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  restore: (items: TrashItemDto[]) => Promise<void>
  purge: (item: TrashItemDto) => Promise<void>
}

const helper = createColumnHelper<ServerTableFeatures, TrashItemDto>()

export const trashColumns = (actions: TrashActions) =>
  helper.columns([
    helper.display({
      id: 'select',
      header: () => <span className="sr-only">Select</span>,
      meta: { className: 'w-px' },
      cell: (info) => (
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          aria-label={`Select ${info.row.original.title}`}
          checked={actions.selected.has(info.row.original._id)}
          onChange={() => actions.toggle(info.row.original._id)}
        />
      ),
    }),
    helper.accessor('title', {
      header: 'What',
      meta: { className: 'min-w-48' },
      cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
    }),
    helper.accessor('type', {
      header: 'Type',
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => TYPE_NAMES[info.getValue()],
    }),
    helper.accessor('deletedBy', { header: 'Deleted by', enableSorting: false }),
    helper.accessor('deletedAt', {
      header: 'When',
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => <LocalTime at={info.getValue()} />,
    }),
    helper.accessor('purgeAt', {
      header: 'Days left',
      enableSorting: false,
      meta: { className: 'text-right tabular-nums' },
      cell: (info) => daysLeft(info.getValue()),
    }),
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px' },
      cell: (info) => {
        const item = info.row.original
        return (
          <div className="flex justify-end gap-1.5">
            <button
              type="button"
              className={buttonStyles.rowAction}
              aria-label={`Restore ${item.title}`}
              onClick={() => void actions.restore([item])}
            >
              Restore
            </button>
            {actions.isAdmin ? (
              <AskFirstButton
                label="Delete permanently"
                ariaLabel={`Delete permanently: ${item.title}`}
                danger
                title="Delete permanently?"
                description={
                  <p>
                    <strong className="font-semibold text-slate-900">{item.title}</strong> will be deleted for
                    good. This cannot be undone.
                  </p>
                }
                onConfirm={() => actions.purge(item)}
              />
            ) : null}
          </div>
        )
      },
    }),
  ])
