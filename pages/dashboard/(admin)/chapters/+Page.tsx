import { PageHeader } from '#components/console/PageHeader'
import { useBulkDeleteAction } from '#components/console/useDeleteAction'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { plural } from '#components/shared/words'
import { buttonStyles } from '#components/ui/styles'
import type { ChapterAccountDto } from '#db/dto'
import { chapterSortFields } from '#db/list-params'
import { chapterColumns } from './columns'

const sum = (chapters: ChapterAccountDto[], field: 'eventCount' | 'memberCount') =>
  chapters.reduce((total, chapter) => total + chapter[field], 0)

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
              <ul className="mt-2 list-disc space-y-0.5 pl-5">
                <li>{plural(sum(chapters, 'eventCount'), 'event')}</li>
                <li>{plural(sum(chapters, 'memberCount'), 'executive committee member')}</li>
                <li>their chapter pages and settings</li>
              </ul>
              <p className="mt-2">
                Their officers are signed out at once. All of it stays in the Trash for 30 days.
              </p>
            </>
          ),
          run: deleteChapters,
        }}
      />
    </>
  )
}
