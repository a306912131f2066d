import { PageHeader } from '../../../components/console/PageHeader'
import { ListTable } from '../../../components/data-table/ListTable'
import { useServerTable } from '../../../components/data-table/serverTable'
import { useListQuery } from '../../../components/data-table/useListQuery'
import { useListState } from '../../../components/data-table/useListState'
import { buttonStyles } from '../../../components/ui/styles'
import type { EventDto } from '../../../db/dto'
import { eventSortFields } from '../../../db/list-params'
import { eventColumns } from './columns'

const addEvent = (
  <a href="/dashboard/add-new-event" className={buttonStyles.primary}>
    Add New Event
  </a>
)

export function Page() {
  const list = useListState(eventSortFields)
  // spec §9: my events are fetched without retries.
  const events = useListQuery<EventDto, 'events'>({
    queryKey: ['events', 'mine'],
    path: '/api/events/myevents',
    list,
    rowsKey: 'events',
    retry: false,
  })
  const table = useServerTable({ columns: eventColumns, rows: events.rows, total: events.total, list })
  return (
    <>
      <PageHeader title="Events" actions={addEvent} />
      <ListTable
        table={table}
        list={list}
        status={events}
        label="Events"
        noun="events"
        searchLabel="Search events"
        searchPlaceholder="Title, host or location"
        emptyTitle="No Events Found"
        emptyAction={addEvent}
      />
    </>
  )
}
