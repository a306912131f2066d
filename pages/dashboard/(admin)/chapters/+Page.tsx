import { PageHeader } from '../../../../components/console/PageHeader'
import { ListTable } from '../../../../components/data-table/ListTable'
import { useServerTable } from '../../../../components/data-table/serverTable'
import { useListQuery } from '../../../../components/data-table/useListQuery'
import { useListState } from '../../../../components/data-table/useListState'
import { buttonStyles } from '../../../../components/ui/styles'
import type { ChapterAccountDto } from '../../../../db/dto'
import { chapterSortFields } from '../../../../db/list-params'
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
      <ListTable
        table={table}
        list={list}
        status={chapters}
        label="Chapters"
        noun="chapters"
        searchLabel="Search chapters"
        searchPlaceholder="Name, email, slug or phone"
        emptyTitle="No Chapters Found"
        emptyAction={addChapter}
      />
    </>
  )
}
