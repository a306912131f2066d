import { EmptyState, PageHeader } from '../../../../components/console/PageHeader'
import { DataTable } from '../../../../components/data-table/DataTable'
import { DataTablePagination } from '../../../../components/data-table/DataTablePagination'
import { DataTableToolbar } from '../../../../components/data-table/DataTableToolbar'
import { useServerTable } from '../../../../components/data-table/serverTable'
import { useListQuery } from '../../../../components/data-table/useListQuery'
import { useListState } from '../../../../components/data-table/useListState'
import { buttonStyles } from '../../../../components/ui/styles'
import type { ChapterAccountDto } from '../../../../db/dto'
import { chapterSortFields } from '../../../../db/validation'
import { chapterColumns } from './columns'

const addChapter = (
  <a href="/dashboard/chapters/add-new-chapter" className={buttonStyles.primary}>
    Add New Chapter
  </a>
)

export function Page() {
  const list = useListState(chapterSortFields)
  // spec §9: the chapter list is fetched without retries.
  const chapters = useListQuery<ChapterAccountDto, 'chapters'>({
    queryKey: ['chapters'],
    path: '/api/users',
    list,
    rowsKey: 'chapters',
    retry: false,
  })
  const table = useServerTable({ columns: chapterColumns, rows: chapters.rows, total: chapters.total, list })
  return (
    <>
      <PageHeader title="Chapters" actions={addChapter} />
      <DataTableToolbar
        query={list.q}
        onQueryChange={list.setQuery}
        searchLabel="Search chapters"
        placeholder="Search name, email, slug or phone"
      />
      <DataTable
        table={table}
        label="Chapters"
        loading={chapters.loading}
        updating={chapters.updating}
        error={chapters.error}
        empty={
          <EmptyState title="No Chapters Found">
            {list.q ? <p>Nothing matches “{list.q}”.</p> : null}
            {addChapter}
          </EmptyState>
        }
      />
      <DataTablePagination table={table} noun="chapters" />
    </>
  )
}
