import { createColumnHelper } from '@tanstack/react-table'
import { DataTableRowActions } from '#components/data-table/DataTableRowActions'
import { actionsColumn, RowOpenLink } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { committeeKindInfo } from '#db/validation'
import { StartNextYearDialog } from './StartNextYearDialog'
import type { CommitteeSummary } from './types'

/** Draft or Published, as a badge. */
export function CommitteeStatus({ status }: { status: CommitteeSummary['status'] }) {
  return status === 'published' ? (
    <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800">Published</span>
  ) : (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Draft</span>
  )
}

/** Edit, Start next year and Delete (to the trash, with Undo). */
function CommitteeActions({ committee }: { committee: CommitteeSummary }) {
  return (
    <DataTableRowActions
      name={committee.title}
      editHref={`/dashboard/committees/${committee._id}`}
      more={<StartNextYearDialog committee={committee} />}
      remove={{
        path: `/api/committees/${committee._id}`,
        success: 'Committee deleted',
        invalidate: ['committees'],
        title: 'Delete this committee?',
        description: (
          <p>
            <strong className="font-semibold text-slate-900">{committee.title}</strong> will be moved to the
            Trash for 30 days with its revisions
            {committee.status === 'published'
              ? `; its page ${committee.path} is gone from the site and its menu at once`
              : ''}
            .
          </p>
        ),
      }}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, CommitteeSummary>()

/** The columns of /dashboard/committees: the API answers the list whole, so nothing sorts. */
export const committeeColumns = helper.columns([
  helper.accessor('title', {
    header: 'Committee',
    enableSorting: false,
    meta: { className: 'min-w-44', card: 'title' },
    cell: (info) => (
      <RowOpenLink href={`/dashboard/committees/${info.row.original._id}`}>{info.getValue()}</RowOpenLink>
    ),
  }),
  helper.accessor('kind', {
    header: 'Kind',
    enableSorting: false,
    meta: { className: 'min-w-36' },
    cell: (info) => committeeKindInfo[info.getValue()].title,
  }),
  helper.accessor('year', {
    header: 'Year',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap tabular-nums' },
  }),
  helper.accessor('status', {
    header: 'Status',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: (info) => <CommitteeStatus status={info.getValue()} />,
  }),
  helper.accessor('memberCount', {
    header: 'Members',
    enableSorting: false,
    meta: { className: 'text-right tabular-nums' },
  }),
  helper.accessor('path', {
    header: 'Public page',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: (info) =>
      info.row.original.status === 'published' ? (
        <a href={info.getValue()} className="text-brand-800 hover:underline">
          {info.getValue()}
        </a>
      ) : (
        <span className="text-slate-600">Not on the site</span>
      ),
  }),
  actionsColumn((committee: CommitteeSummary) => <CommitteeActions committee={committee} />),
])
