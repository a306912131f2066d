import { createColumnHelper } from '@tanstack/react-table'
import { useDeleteAction } from '#components/console/useDeleteAction'
import { AskFirstButton, actionsColumn } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { formatDateTime } from '#components/shared/dates'
import { truncateText } from '#components/shared/words'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { ContactMessageDto, ContactStatus } from '#db/dto'

const MESSAGE_PREVIEW_LENGTH = 80

/** When a message came, as the inbox writes it everywhere: "2026-11-25 11:45" in the site's time zone. */
export const formatReceived = (iso: string, timeZone: string) => formatDateTime(iso, timeZone, 'numeric')

export type ContactTableActions = {
  open: (message: ContactMessageDto) => void
  setRead: (message: ContactMessageDto, read: boolean) => void
  setSpam: (message: ContactMessageDto, spam: boolean) => void
}

/** Each status's word (the table, the dialog, the CSV) and colours. */
export const STATUS_LOOK: Record<ContactStatus, { label: string; className: string }> = {
  new: { label: 'New', className: 'bg-amber-100 font-semibold text-amber-900' },
  read: { label: 'Read', className: 'bg-slate-100 text-slate-700' },
  replied: { label: 'Replied', className: 'bg-emerald-100 text-emerald-900' },
  spam: { label: 'Spam', className: 'bg-red-100 text-red-900' },
}

/** Where a message stands: New, Read, Replied or Spam. */
export function StatusBadge({ status }: { status: ContactStatus }) {
  const look = STATUS_LOOK[status]
  return <span className={`rounded-full px-2 py-0.5 text-xs ${look.className}`}>{look.label}</span>
}

function DeleteMessage({ message }: { message: ContactMessageDto }) {
  const remove = useDeleteAction(`/api/contact/${message._id}`, {
    success: 'Message deleted',
    invalidate: ['contacts'],
  })
  return (
    <AskFirstButton
      label="Delete"
      ariaLabel={`Delete the message from ${message.name}`}
      action="delete"
      danger
      onClick={(event) => event.stopPropagation()}
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
      meta: { className: 'min-w-44 text-slate-600' },
      cell: (info) => truncateText(info.getValue(), MESSAGE_PREVIEW_LENGTH),
    }),
    helper.accessor('receivedAt', {
      header: 'Received',
      meta: { className: 'whitespace-nowrap tabular-nums text-slate-700' },
      cell: (info) => <LocalTime at={info.getValue()} style="numeric" />,
    }),
    // The assignee under the status: one column less, so the table fits beside the sidebar at 1280 px.
    helper.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (info) => {
        const assignee = info.row.original.assignee
        return (
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={info.getValue()} />
            {assignee ? <span className="text-xs text-slate-600">Assigned to {assignee.name}</span> : null}
          </span>
        )
      },
    }),
    actionsColumn((message: ContactMessageDto) => (
      <div className="flex justify-end gap-1.5">
        {message.status === 'spam' ? (
          <button
            type="button"
            className={`${buttonStyles.rowAction} w-22`}
            onClick={(event) => {
              event.stopPropagation()
              actions.setSpam(message, false)
            }}
            aria-label={`Not spam: message from ${message.name}`}
          >
            Not spam
          </button>
        ) : (
          <button
            type="button"
            className={`${buttonStyles.rowAction} w-22`}
            onClick={(event) => {
              event.stopPropagation()
              actions.setRead(message, !message.read)
            }}
            // The visible words first: a spoken command ("Mark unread") finds the button.
            aria-label={`${message.read ? 'Mark unread' : 'Mark read'}: message from ${message.name}`}
          >
            {message.read ? 'Mark unread' : 'Mark read'}
          </button>
        )}
        <DeleteMessage message={message} />
      </div>
    )),
  ])
