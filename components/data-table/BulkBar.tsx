import type { ReactNode } from 'react'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { plural } from '../shared/words'
import { buttonStyles } from '../ui/styles'

/** An action on the selected rows besides delete (the inbox's mark read and unread). */
export type BulkAction<Row> = { label: string; run: (rows: Row[]) => Promise<void> }

export type BulkDelete<Row> = {
  /** "event" → "Delete 3 events?" */
  noun: string
  /** "Remove" → "Remove selected", "Remove 3 officers?"; "Delete" without it. */
  verb?: string
  /** The confirm button while it works, e.g. 'Removing...'. */
  pendingLabel?: string
  /** What goes besides the rows themselves, in the confirm dialog. */
  consequence: (rows: Row[]) => ReactNode
  run: (rows: Row[]) => Promise<void>
}

/** The bar over a table while rows are selected: how many, and what can be done with them. */
export function BulkBar<Row>({
  rows,
  actions = [],
  remove,
  onClear,
}: {
  rows: Row[]
  actions?: BulkAction<Row>[] | undefined
  remove?: BulkDelete<Row> | undefined
  onClear: () => void
}) {
  if (rows.length === 0) return null
  return (
    <section
      aria-label="Selected rows"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
    >
      <p role="status" className="font-medium text-brand-900">
        {rows.length} selected
      </p>
      <div className="ml-auto flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={buttonStyles.secondary}
            onClick={async () => {
              await action.run(rows)
              onClear()
            }}
          >
            {action.label}
          </button>
        ))}
        {remove ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={buttonStyles.danger}>
                {remove.verb ?? 'Delete'} selected
              </button>
            }
            title={`${remove.verb ?? 'Delete'} ${plural(rows.length, remove.noun)}?`}
            description={remove.consequence(rows)}
            {...(remove.verb ? { confirmLabel: remove.verb } : {})}
            {...(remove.pendingLabel ? { pendingLabel: remove.pendingLabel } : {})}
            onConfirm={async () => {
              await remove.run(rows)
              onClear()
            }}
          />
        ) : null}
        <button type="button" className={buttonStyles.secondary} onClick={onClear}>
          Clear selection
        </button>
      </div>
    </section>
  )
}
