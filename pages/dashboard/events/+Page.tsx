import { PageHeader } from '#components/console/PageHeader'
import { useBulkDeleteAction } from '#components/console/useDeleteAction'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { buttonStyles } from '#components/ui/styles'
import type { EventDto } from '#db/dto'
import { eventSortFields } from '#db/list-params'
import { eventColumns } from './columns'

const addEvent = (
  <a href="/dashboard/add-new-event" className={buttonStyles.primary}>
    Add New Event
  </a>
)

export function Page() {
  const { list, status, table } = useConsoleList<EventDto, 'events'>({
    sortFields: eventSortFields,
    columns: eventColumns,
    queryKey: ['events', 'mine'],
    path: '/api/events/myevents',
    rowsKey: 'events',
    // docs/product.md#constants: my events are fetched without retries.
    retry: false,
  })
  const deleteEvents = useBulkDeleteAction((event: EventDto) => `/api/events/${event._id}`, {
    success: (count) => (count === 1 ? 'Event Deleted Successfully' : 'Events Deleted Successfully'),
    invalidate: ['events'],
  })
  return (
    <>
      <PageHeader title="Events" actions={addEvent} />
      <ListTable
        table={table}
        list={list}
        status={status}
        label="Events"
        noun="events"
        searchLabel="Search events"
        searchPlaceholder="Title, host or location"
        emptyTitle="No Events Found"
        emptyAction={addEvent}
        bulkDelete={{
          noun: 'event',
          consequence: (events) => (
            <p>
              {events.map((event) => event.title).join(', ')} will be moved to the Trash for 30 days, and they
              disappear from the public events page at once.
            </p>
          ),
          run: deleteEvents,
        }}
      />
    </>
  )
}
