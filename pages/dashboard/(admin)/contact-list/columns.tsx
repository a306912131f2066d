import { createColumnHelper } from '@tanstack/react-table'
import { useDeleteAction } from '../../../../components/console/useDeleteAction'
import type { ServerTableFeatures } from '../../../../components/data-table/serverTable'
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog'
import { formatDateTime } from '../../../../components/text/dates'
import { truncateText } from '../../../../components/text/words'
import { buttonStyles } from '../../../../components/ui/styles'
import type { ContactMessageDto } from '../../../../db/dto'

const MESSAGE_PREVIEW_LENGTH = 80

/** When a message came, as the inbox writes it everywhere: "2026-11-25 11:45" in the reader's time zone. */
export const formatReceived = (iso: string) => formatDateTime(iso, 'numeric')

export type ContactTableActions = {
  open: (message: ContactMessageDto) => void
  setRead: (message: ContactMessageDto, read: boolean) => void
}

function DeleteMessage({ message }: { message: ContactMessageDto }) {
  const remove = useDeleteAction(`/api/contact/${message._id}`, {
    success: 'Message deleted',
    invalidate: ['contacts'],
  })
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={buttonStyles.rowDanger}
          data-row-action="delete"
          onClick={(event) => event.stopPropagation()}
          aria-label={`Delete the message from ${message.name}`}
        >
          Delete
        </button>
      }
      title="Delete this message?"
      description={
        <p>
          The message from <strong className="font-semibold text-slate-900">{message.name}</strong> (
          {message.email}) will be moved to the Trash for 30 days.
        </p>
      }
      onConfirm={remove}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, ContactMessageDto>()

export const contactColumns = (actions: ContactTableActions) =>
  helper.columns([
    helper.accessor('name', {
      header: 'Name',
      meta: { card: 'title' },
      cell: (info) => (
        <button
          type="button"
          data-row-action="open"
          onClick={(event) => {
            event.stopPropagation()
            actions.open(info.row.original)
          }}
          className={`rounded text-left hover:text-brand-700 hover:underline ${info.row.original.read ? '' : 'font-semibold text-slate-900'}`}
        >
          {info.getValue()}
          <span className="sr-only">: open the message</span>
        </button>
      ),
    }),
    helper.accessor('email', { header: 'Email', meta: { className: 'text-slate-700' } }),
    helper.accessor('message', {
      header: 'Message',
      enableSorting: false,
      meta: { className: 'min-w-60 text-slate-600' },
      cell: (info) => truncateText(info.getValue(), MESSAGE_PREVIEW_LENGTH),
    }),
    helper.accessor('receivedAt', {
      header: 'Received',
      meta: { className: 'whitespace-nowrap tabular-nums text-slate-700' },
      cell: (info) => formatReceived(info.getValue()),
    }),
    helper.accessor('read', {
      header: 'Status',
      meta: { card: false },
      cell: (info) =>
        info.getValue() ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Read</span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Unread
          </span>
        ),
    }),
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px', card: 'actions' },
      cell: (info) => {
        const message = info.row.original
        return (
          <div className="flex justify-end gap-1.5">
            <button
              type="button"
              className={`${buttonStyles.rowAction} w-24`}
              onClick={(event) => {
                event.stopPropagation()
                actions.setRead(message, !message.read)
              }}
              aria-label={`${message.read ? 'Mark as unread' : 'Mark as read'}: message from ${message.name}`}
            >
              {message.read ? 'Mark unread' : 'Mark read'}
            </button>
            <DeleteMessage message={message} />
          </div>
        )
      },
    }),
  ])
