import { PageHeader } from '../../../../components/console/PageHeader'
import { ListTable } from '../../../../components/data-table/ListTable'
import { useConsoleList } from '../../../../components/data-table/useConsoleList'
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
  const { list, status, table } = useConsoleList<ChapterAccountDto, 'chapters'>({
    sortFields: chapterSortFields,
    columns: chapterColumns,
    queryKey: ['chapters'],
    path: '/api/users',
    rowsKey: 'chapters',
    // spec §9: the chapter list is fetched without retries.
    retry: false,
  })
  return (
    <>
      <PageHeader title="Chapters" actions={addChapter} />
      <ListTable
        table={table}
        list={list}
        status={status}
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
