import { createColumnHelper, type RowData } from '@tanstack/react-table'
import type { ComponentProps, MouseEventHandler, ReactNode } from 'react'
import { useDeleteAction } from '../console/useDeleteAction'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { buttonStyles } from '../ui/styles'
import type { ServerTableFeatures } from './serverTable'

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

/**
 * A row's button that asks before it acts (delete, revoke, cancel): it opens a ConfirmDialog, which hands
 * the focus back to it.
 */
export function AskFirstButton({
  label,
  ariaLabel,
  action,
  danger = false,
  onClick,
  ...dialog
}: {
  /** The button's word, e.g. 'Delete'. */
  label: string
  /** Its name to assistive technology, which says whose row: 'Delete {name}'. */
  ariaLabel: string
  /** Its data-row-action, by which the keyboard finds it. */
  action?: string
  /** In red (buttonStyles.rowDanger), for what is lost. */
  danger?: boolean
  onClick?: MouseEventHandler<HTMLButtonElement>
} & Omit<ComponentProps<typeof ConfirmDialog>, 'trigger' | 'open' | 'onOpenChange'>) {
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={danger ? buttonStyles.rowDanger : buttonStyles.rowAction}
          data-row-action={action}
          onClick={onClick}
          aria-label={ariaLabel}
        >
          {label}
        </button>
      }
      {...dialog}
    />
  )
}

/** A row's title as the link to its page; the key Enter follows it (data-row-action="open"). */
export function RowOpenLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      data-row-action="open"
      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
    >
      {children}
    </a>
  )
}

/**
 * A table's last column, its rows' actions: no visible heading, as narrow as its buttons, and the foot
 * of a row's card on a phone.
 */
export function actionsColumn<Row extends RowData>(actions: (row: Row) => ReactNode) {
  return createColumnHelper<ServerTableFeatures, Row>().display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'w-px', card: 'actions' },
    cell: (info) => actions(info.row.original),
  })
}
