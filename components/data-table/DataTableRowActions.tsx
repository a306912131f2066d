import type { ReactNode } from 'react'
import { useDeleteAction } from '../console/useDeleteAction'
import { buttonStyles } from '../ui/styles'
import { AskFirstButton } from './RowParts'

/**
 * A row's Edit link and Delete button (shadcn's row actions): the delete asks first, then moves the row
 * to the trash with Undo (useDeleteAction). The keys `e` and Delete find them by data-row-action.
 */
export function DataTableRowActions({
  name,
  editHref,
  more,
  remove,
}: {
  /** How the row is named to assistive technology: 'Edit {name}', 'Delete {name}'. */
  name: string
  editHref: string
  /** Other actions, between Edit and Delete (an event's Attendees). */
  more?: ReactNode
  remove: {
    /** The API path the DELETE goes to. */
    path: string
    /** The toast's text, e.g. 'Event deleted successfully'. */
    success: string
    /** The lists (first parts of their query keys) the delete changes. */
    invalidate: readonly string[]
    /** The confirm dialog's question and what it says goes (docs/decisions/023-confirm-before-delete.md). */
    title: string
    description: ReactNode
  }
}) {
  const confirmed = useDeleteAction(remove.path, { success: remove.success, invalidate: remove.invalidate })
  return (
    <div className="flex justify-end gap-1.5">
      <a
        href={editHref}
        className={buttonStyles.rowAction}
        data-row-action="edit"
        aria-label={`Edit ${name}`}
      >
        Edit
      </a>
      {more}
      <AskFirstButton
        label="Delete"
        ariaLabel={`Delete ${name}`}
        action="delete"
        danger
        title={remove.title}
        description={remove.description}
        onConfirm={confirmed}
      />
    </div>
  )
}
