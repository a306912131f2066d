import { usePageContext } from 'vike-react/usePageContext'
import { PageHeader } from '#components/console/PageHeader'
import { useBulkDeleteAction } from '#components/console/useDeleteAction'
import { FilterSelect } from '#components/data-table/FilterSelect'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { useUrlFilters } from '#components/data-table/useListState'
import { buttonStyles } from '#components/ui/styles'
import type { HostedEventDto } from '#db/dto'
import { eventSortFields } from '#db/list-params'
import { type EventType, eventTypes } from '#db/schema-enums'
import { AttendeesTold, eventColumns, officerEventColumns } from './columns'

const addEvent = (
  <a href="/dashboard/add-new-event" className={buttonStyles.primary}>
    Add New Event
  </a>
)

const FILTERS = ['type'] as const

const TYPE_OPTIONS = eventTypes.map((type) => ({ value: type, label: type }))

export function Page() {
  const { user } = usePageContext()
  const [filters, setFilters] = useUrlFilters(FILTERS)
  // Only a known type reaches the API; anything else in the URL shows every event.
  const type = eventTypes.includes(filters.type as EventType) ? filters.type : ''
  const view = useConsoleList<HostedEventDto, 'events'>({
    sortFields: eventSortFields,
    columns: user?.isAdmin ? eventColumns : officerEventColumns,
    queryKey: ['events', 'mine'],
    path: '/api/events/myevents',
    rowsKey: 'events',
    // docs/product.md#constants: my events are fetched without retries.
    retry: false,
    filters: { type },
  })
  const deleteEvents = useBulkDeleteAction((event: HostedEventDto) => `/api/events/${event._id}`, {
    success: (count) => (count === 1 ? 'Event deleted successfully' : 'Events deleted successfully'),
    invalidate: ['events'],
  })
  return (
    <>
      <PageHeader title="Events" actions={addEvent} />
      <ListTable
        {...view}
        label="Events"
        noun="events"
        searchLabel="Search events"
        searchPlaceholder="Title, host or location"
        emptyTitle="No Events Found"
        emptyAction={addEvent}
        actions={
          <FilterSelect
            label="Type"
            allLabel="All types"
            options={TYPE_OPTIONS}
            value={type}
            onChange={(next) => setFilters({ type: next })}
          />
        }
        bulkDelete={{
          noun: 'event',
          consequence: (events) => (
            <>
              <p>
                {events.map((event) => event.title).join(', ')} will be moved to the Trash for 30 days, and
                they disappear from the public events page at once.
              </p>
              <AttendeesTold events={events} />
            </>
          ),
          run: deleteEvents,
        }}
      />
    </>
  )
}
