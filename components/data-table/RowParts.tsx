import { createColumnHelper, type RowData } from '@tanstack/react-table'
import type { ComponentProps, MouseEventHandler, ReactNode } from 'react'
import { ConfirmDialog } from '../dialogs/ConfirmDialog'
import { buttonStyles } from '../ui/styles'
import type { ServerTableFeatures } from './serverTable'

// A row's parts that any console table may use; apart from DataTableRowActions, so that a table without
// its delete-to-the-trash does not load useDeleteAction.

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
