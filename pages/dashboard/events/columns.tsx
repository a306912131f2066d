import { createColumnHelper } from '@tanstack/react-table'
import { DataTableRowActions } from '../../../components/data-table/DataTableRowActions'
import type { ServerTableFeatures } from '../../../components/data-table/serverTable'
import type { EventDto } from '../../../db/dto'

const formatFees = (fees: number) => (fees === 0 ? 'Free' : fees.toLocaleString('en-US'))

/** Edit opens the event's form; Delete says it leaves the public page at once. */
function EventActions({ event }: { event: EventDto }) {
  return (
    <DataTableRowActions
      name={event.title}
      editHref={`/dashboard/events/edit-event/${event._id}`}
      remove={{
        path: `/api/events/${event._id}`,
        success: 'Event Deleted Successfully',
        invalidate: ['events'],
        title: 'Delete this event?',
        description: (
          <p>
            <strong className="font-semibold text-slate-900">{event.title}</strong> on {event.eventDate} will
            be moved to the Trash for 30 days, and it disappears from the public events page at once.
          </p>
        ),
      }}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, EventDto>()

/** The columns of /dashboard/events; the ids of sortable columns are the API's sort fields. */
export const eventColumns = helper.columns([
  helper.accessor('banner', {
    header: 'Banner',
    enableSorting: false,
    meta: { className: 'hidden w-20 sm:table-cell', card: false },
    cell: (info) => (
      <img
        src={info.getValue()}
        alt=""
        loading="lazy"
        className="h-10 w-16 rounded object-cover bg-slate-100"
      />
    ),
  }),
  helper.accessor('title', {
    header: 'Title',
    meta: { className: 'min-w-44', card: 'title' },
    cell: (info) => (
      <a
        href={`/events/${info.row.original._id}`}
        data-row-action="open"
        className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
      >
        {info.getValue()}
      </a>
    ),
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
  helper.accessor('location', { header: 'Location', meta: { className: 'min-w-40', card: false } }),
  helper.accessor('fees', {
    header: 'Fees',
    meta: { className: 'text-right tabular-nums' },
    cell: (info) => formatFees(info.getValue()),
  }),
  helper.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'w-px', card: 'actions' },
    cell: (info) => <EventActions event={info.row.original} />,
  }),
])
