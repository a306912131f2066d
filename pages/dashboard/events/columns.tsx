import { createColumnHelper } from '@tanstack/react-table'
import { DataTableRowActions } from '#components/data-table/DataTableRowActions'
import { actionsColumn, RowOpenLink } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { formatFees } from '#components/shared/fees'
import { buttonStyles } from '#components/ui/styles'
import type { HostedEventDto } from '#db/dto'
import { eventCoverUrl } from '#db/event-links'

/** Who a delete tells: the registrations still on get 'Cancelled' once its Undo has run out. */
export function AttendeesTold({ events }: { events: readonly HostedEventDto[] }) {
  const active = events.reduce((sum, event) => sum + (event.registrations?.active ?? 0), 0)
  const paid = events.reduce((sum, event) => sum + (event.registrations?.paid ?? 0), 0)
  if (active === 0) return null
  return (
    <p className="mt-2 font-medium text-slate-900">
      {active === 1 ? '1 registered person is' : `${active} registered people are`} mailed that it is
      cancelled
      {paid > 0
        ? `, ${paid === 1 ? '1 of whom has' : `${paid} of whom have`} paid: arrange their refunds`
        : ''}
      . Restoring it later mails them that it is back.
    </p>
  )
}

/** Edit opens the event's form; Delete says it leaves the public page at once. */
function EventActions({ event }: { event: HostedEventDto }) {
  return (
    <DataTableRowActions
      name={event.title}
      editHref={`/dashboard/events/edit-event/${event._id}`}
      more={
        <>
          <a
            href={`/dashboard/events/${event._id}/attendees`}
            className={buttonStyles.rowAction}
            data-row-action="attendees"
            aria-label={`Attendees of ${event.title}`}
          >
            Attendees
          </a>
          <a
            href={`/dashboard/events/${event._id}/check-in`}
            className={buttonStyles.rowAction}
            data-row-action="check-in"
            aria-label={`Check-in at ${event.title}`}
          >
            Check-in
          </a>
        </>
      }
      remove={{
        path: `/api/events/${event._id}`,
        success: 'Event deleted successfully',
        invalidate: ['events'],
        title: 'Delete this event?',
        description: (
          <>
            <p>
              <strong className="font-semibold text-slate-900">{event.title}</strong> on {event.eventDate}{' '}
              will be moved to the Trash for 30 days, and it disappears from the public events page at once.
            </p>
            <AttendeesTold events={[event]} />
          </>
        ),
      }}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, HostedEventDto>()

/**
 * The columns of /dashboard/events; the ids of sortable columns are the API's sort fields. The Chapter
 * column (who hosts each event) is the administrator's, who sees every chapter's events.
 */
export const eventColumns = helper.columns([
  helper.accessor('banner', {
    header: 'Banner',
    enableSorting: false,
    meta: { className: 'hidden w-20 sm:table-cell', card: false },
    cell: (info) => (
      <img
        src={info.getValue() || eventCoverUrl(info.row.original._id)}
        alt=""
        loading="lazy"
        className="h-10 w-16 rounded object-cover bg-slate-100"
      />
    ),
  }),
  helper.accessor('title', {
    header: 'Title',
    meta: { className: 'min-w-44', card: 'title' },
    cell: (info) => <RowOpenLink href={`/events/${info.row.original._id}`}>{info.getValue()}</RowOpenLink>,
  }),
  helper.accessor('eventDate', {
    header: 'Date',
    meta: { className: 'whitespace-nowrap' },
    cell: (info) => <span className="tabular-nums">{info.getValue()}</span>,
  }),
  helper.display({
    id: 'time',
    header: 'Time',
    meta: { className: 'whitespace-nowrap' },
    cell: (info) => (
      <span className="tabular-nums">
        {info.row.original.startTime} - {info.row.original.endTime}
      </span>
    ),
  }),
  helper.accessor('chapter', {
    id: 'chapter',
    header: 'Chapter',
    enableSorting: false,
    meta: { className: 'min-w-36' },
    cell: (info) => info.getValue()?.name ?? <span className="text-slate-600">The branch</span>,
  }),
  helper.accessor('type', {
    header: 'Type',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: (info) =>
      info.getValue() ?? (
        <span className="text-slate-400">
          <span aria-hidden="true">–</span>
          <span className="sr-only">No type</span>
        </span>
      ),
  }),
  helper.accessor('location', { header: 'Location', meta: { className: 'min-w-40', card: false } }),
  helper.accessor('fees', {
    header: 'Fees',
    meta: { className: 'text-right tabular-nums' },
    cell: (info) => formatFees(info.getValue()),
  }),
  helper.display({
    id: 'registrations',
    header: 'Registrations',
    meta: { className: 'whitespace-nowrap text-slate-700' },
    cell: (info) => {
      const counts = info.row.original.registrations
      if (!counts?.enabled) return <span className="text-slate-500">Elsewhere</span>
      return (
        <span className="tabular-nums">
          {counts.confirmed}
          {counts.capacity === null ? '' : ` / ${counts.capacity}`} confirmed
          {counts.waiting > 0 ? <span className="block text-xs">{counts.waiting} waiting</span> : null}
          {counts.pending > 0 ? (
            <span className="block text-xs font-semibold text-amber-800">{counts.pending} pending</span>
          ) : null}
        </span>
      )
    },
  }),
  actionsColumn((event: HostedEventDto) => <EventActions event={event} />),
])

/** An officer's events are all their chapter's: their table has no Chapter column. */
export const officerEventColumns = eventColumns.filter((column) => column.id !== 'chapter')
