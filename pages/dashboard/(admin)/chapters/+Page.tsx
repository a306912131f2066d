import { PageHeader } from '#components/console/PageHeader'
import { useBulkDeleteAction } from '#components/console/useDeleteAction'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { buttonStyles } from '#components/ui/styles'
import type { ChapterAccountDto } from '#db/dto'
import { chapterSortFields } from '#db/list-params'
import { chapterColumns, GoesWithChapters } from './columns'

const addChapter = (
  <a href="/dashboard/chapters/add-new-chapter" className={buttonStyles.primary}>
    Add New Chapter
  </a>
)

export function Page() {
  const view = useConsoleList<ChapterAccountDto, 'chapters'>({
    sortFields: chapterSortFields,
    columns: chapterColumns,
    queryKey: ['chapters'],
    path: '/api/users',
    rowsKey: 'chapters',
    // docs/product.md#constants: the chapter list is fetched without retries.
    retry: false,
  })
  const deleteChapters = useBulkDeleteAction((chapter: ChapterAccountDto) => `/api/users/${chapter.slug}`, {
    success: (count) => (count === 1 ? 'Chapter deleted successfully' : 'Chapters deleted successfully'),
    // Their events went with them.
    invalidate: ['chapters', 'events'],
  })
  return (
    <>
      <PageHeader title="Chapters" actions={addChapter} />
      <ListTable
        {...view}
        label="Chapters"
        noun="chapters"
        searchLabel="Search chapters"
        searchPlaceholder="Name, email, slug or phone"
        emptyTitle="No Chapters Found"
        emptyAction={addChapter}
        bulkDelete={{
          noun: 'chapter',
          consequence: (chapters) => (
            <>
              <p>
                The accounts of {chapters.map((chapter) => chapter.name).join(', ')} will be deleted, and with
                them:
              </p>
              <GoesWithChapters chapters={chapters} one={false} />
            </>
          ),
          run: deleteChapters,
        }}
      />
    </>
  )
}
