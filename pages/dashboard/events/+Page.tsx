import { EmptyState, PageHeader } from '../../../components/console/PageHeader'
import { DataTable } from '../../../components/data-table/DataTable'
import { DataTablePagination } from '../../../components/data-table/DataTablePagination'
import { DataTableToolbar } from '../../../components/data-table/DataTableToolbar'
import { useServerTable } from '../../../components/data-table/serverTable'
import { useListQuery } from '../../../components/data-table/useListQuery'
import { useListState } from '../../../components/data-table/useListState'
import { buttonStyles } from '../../../components/ui/styles'
import type { EventDto } from '../../../db/dto'
import { eventSortFields } from '../../../db/validation'
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
      <DataTableToolbar
        query={list.q}
        onQueryChange={list.setQuery}
        searchLabel="Search events"
        placeholder="Search title, host or location"
      />
      <DataTable
        table={table}
        label="Events"
        loading={events.loading}
        updating={events.updating}
        error={events.error}
        empty={
          <EmptyState title="No Events Found">
            {list.q ? <p>Nothing matches “{list.q}”.</p> : null}
            {addEvent}
          </EmptyState>
        }
      />
      <DataTablePagination table={table} noun="events" />
    </>
  )
}
