import { useData } from 'vike-react/useData'
import { PageHeader } from '#components/console/PageHeader'
import { ListTable } from '#components/data-table/ListTable'
import { useWholeConsoleList } from '#components/data-table/useConsoleList'
import { committeeKinds } from '#db/schema-enums'
import type { Data } from './+data'
import { committeeColumns } from './columns'
import { NewCommitteeDialog } from './NewCommitteeDialog'
import type { CommitteeSummary } from './types'

/** By kind in the order of the kinds (the executive committee first), newest year first within a kind. */
const byKindAndYear = (rows: CommitteeSummary[]) =>
  [...rows].sort((a, b) => committeeKinds.indexOf(a.kind) - committeeKinds.indexOf(b.kind) || b.year - a.year)

export function Page() {
  const { thisYear } = useData<Data>()
  const { status, table } = useWholeConsoleList<CommitteeSummary, 'committees'>({
    columns: committeeColumns,
    queryKey: ['committees'],
    path: '/api/committees',
    rowsKey: 'committees',
    shape: byKindAndYear,
  })
  const create = <NewCommitteeDialog thisYear={thisYear} />
  return (
    <>
      <PageHeader
        title="Committees"
        description="The committees' pages by year. A draft is for you only; publish it and its page and menu entry appear."
        actions={create}
      />
      <ListTable
        table={table}
        status={status}
        label="Committees"
        emptyTitle="No Committees Found"
        emptyAction={create}
      />
    </>
  )
}
