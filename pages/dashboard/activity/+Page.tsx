import { useMemo } from 'react'
import { PageHeader } from '#components/console/PageHeader'
import type { Shortcut } from '#components/data-table/keyboard'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { useUrlFilters } from '#components/data-table/useListState'
import { buttonStyles, inputStyles } from '#components/ui/styles'
import type { ActivityEntryDto } from '#db/dto'
import { ACTIVITY_COUNT_CAP, ACTIVITY_PAGE_SIZE } from '#db/list-params'
import { activityActions, activityItemTypes } from '#db/schema-enums'
import { activityColumns } from './columns'
import { type ActivityRow, foldUploads } from './foldUploads'

/** The log's filters, in the URL beside the page (the API's names). */
const FILTERS = ['person', 'action', 'type', 'item', 'from', 'to'] as const
type Filters = Record<(typeof FILTERS)[number], string>

/** The log is newest first and searched by its filters: nothing to sort by, no search box. */
const NO_SORT: readonly string[] = []

/** The keys the log answers: its rows open their item, and are neither selected, edited nor deleted. */
const ACTIVITY_SHORTCUTS: readonly Shortcut[] = [
  ['j or ↓', 'Next row'],
  ['k or ↑', 'Previous row'],
  ['Enter', 'Open the row’s item'],
  ['Ctrl+K or ⌘K', 'Go to a page or find anything'],
  ['?', 'This list of shortcuts'],
]

/** Action, type and dates; a chosen person or item shows as a button that drops it. */
function ActivityFilters({
  filters,
  onChange,
  entries,
}: {
  filters: Filters
  onChange: (changes: Partial<Filters>) => void
  entries: ActivityEntryDto[]
}) {
  const select = (name: 'action' | 'type', label: string, options: readonly string[]) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <select
        className={inputStyles}
        value={filters[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  )
  const date = (name: 'from' | 'to', label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <input
        type="date"
        className={inputStyles}
        value={filters[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </label>
  )
  const personName = entries.find((entry) => entry.actorId === filters.person)?.actor
  const itemTitle = entries.find((entry) => entry.itemId === filters.item)?.itemTitle
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      {select('action', 'Action', activityActions)}
      {select('type', 'Type', activityItemTypes)}
      {date('from', 'From')}
      {date('to', 'To')}
      {filters.person ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => onChange({ person: '' })}>
          Person: {personName ?? 'chosen'} ✕
        </button>
      ) : null}
      {filters.item ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => onChange({ item: '' })}>
          Item: {itemTitle || 'chosen'} ✕
        </button>
      ) : null}
    </div>
  )
}

/** Who changed what, when: filters in the URL, pages from the server, the filtered view as CSV. */
export function Page() {
  const [filters, setFilters] = useUrlFilters(FILTERS)
  const columns = useMemo(
    () => activityColumns({ onPerson: (person) => setFilters({ person }) }),
    [setFilters],
  )
  const view = useConsoleList<ActivityRow, 'entries'>({
    sortFields: NO_SORT,
    searchable: false,
    columns,
    queryKey: ['activity'],
    path: '/api/activity',
    rowsKey: 'entries',
    filters,
    pageSize: ACTIVITY_PAGE_SIZE,
    // An upload shows with the change that used it, not as a row of its own.
    shape: foldUploads,
  })
  const chosen = new URLSearchParams(Object.entries(filters).filter(([, value]) => value))

  return (
    <>
      <PageHeader title="Activity" description="Who changed what, and when. Entries are kept for 400 days." />
      <ActivityFilters filters={filters} onChange={setFilters} entries={view.status.rows} />
      <ListTable
        {...view}
        label="Activity"
        noun="entries"
        totalCap={ACTIVITY_COUNT_CAP}
        emptyTitle="No Activity Found"
        actions={
          <a className={buttonStyles.secondary} href={`/api/activity/export?${chosen}`} download>
            Export CSV
          </a>
        }
        shortcuts={ACTIVITY_SHORTCUTS}
      />
    </>
  )
}
