import { createColumnHelper } from '@tanstack/react-table'
import { actionsColumn, DataTableRowActions } from '#components/data-table/DataTableRowActions'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { plural } from '#components/shared/words'
import type { ChapterAccountDto } from '#db/dto'

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
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              <li>{plural(chapter.eventCount, 'event')}</li>
              <li>{plural(chapter.memberCount, 'executive committee member')}</li>
              <li>its chapter page and settings</li>
            </ul>
            <p className="mt-2">
              Its officers are signed out at once. All of it stays in the Trash for 30 days.
            </p>
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
