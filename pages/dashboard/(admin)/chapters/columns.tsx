import { createColumnHelper } from '@tanstack/react-table'
import { DataTableRowActions } from '#components/data-table/DataTableRowActions'
import { actionsColumn } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { plural } from '#components/shared/words'
import type { ChapterAccountDto } from '#db/dto'

const sum = (chapters: readonly ChapterAccountDto[], field: 'eventCount' | 'memberCount') =>
  chapters.reduce((total, chapter) => total + chapter[field], 0)

/**
 * What goes with deleted chapters, said after their names: a row's Delete speaks of one chapter ('its'),
 * the bulk delete of the selected ones ('their'), however many.
 */
export function GoesWithChapters({
  chapters,
  one,
}: {
  chapters: readonly ChapterAccountDto[]
  one: boolean
}) {
  return (
    <>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        <li>{plural(sum(chapters, 'eventCount'), 'event')}</li>
        <li>{plural(sum(chapters, 'memberCount'), 'executive committee member')}</li>
        <li>{one ? 'its chapter page and settings' : 'their chapter pages and settings'}</li>
      </ul>
      <p className="mt-2">
        {one ? 'Its' : 'Their'} officers are signed out at once. All of it stays in the Trash for 30 days.
      </p>
    </>
  )
}

/** Edit opens the chapter's page; Delete says what goes with the chapter. */
function ChapterActions({ chapter }: { chapter: ChapterAccountDto }) {
  return (
    <DataTableRowActions
      name={chapter.name}
      editHref={`/dashboard/chapter/${chapter.slug}`}
      remove={{
        path: `/api/users/${chapter.slug}`,
        success: 'Chapter deleted successfully',
        // Its events went with it.
        invalidate: ['chapters', 'events'],
        title: 'Delete this chapter?',
        description: (
          <>
            <p>
              The account of <strong className="font-semibold text-slate-900">{chapter.name}</strong> (
              {chapter.email}) will be deleted, and with it:
            </p>
            <GoesWithChapters chapters={[chapter]} one />
          </>
        ),
      }}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, ChapterAccountDto>()

export const chapterColumns = helper.columns([
  helper.accessor('name', {
    header: 'Name',
    meta: { className: 'min-w-40', card: 'title' },
    cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
  }),
  helper.accessor('email', {
    header: 'Email',
    meta: { className: 'max-sm:whitespace-normal whitespace-nowrap' },
    cell: (info) => (
      <a href={`mailto:${info.getValue()}`} className="hover:text-brand-700 hover:underline">
        {info.getValue()}
      </a>
    ),
  }),
  helper.accessor('phone', {
    header: 'Phone',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap', card: false },
  }),
  helper.accessor('slug', {
    header: 'Slug',
    meta: { className: 'min-w-32', card: false },
    cell: (info) => (
      <a
        href={`/chapter/${info.getValue()}`}
        data-row-action="open"
        className="font-mono text-xs hover:text-brand-700 hover:underline"
      >
        {info.getValue()}
      </a>
    ),
  }),
  helper.accessor('eventCount', { header: 'Events', meta: { className: 'text-right tabular-nums' } }),
  helper.accessor('memberCount', { header: 'Members', meta: { className: 'text-right tabular-nums' } }),
  actionsColumn((chapter: ChapterAccountDto) => <ChapterActions chapter={chapter} />),
])
