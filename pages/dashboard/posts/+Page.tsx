import { useMemo } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { PageHeader } from '#components/console/PageHeader'
import { FilterSelect } from '#components/data-table/FilterSelect'
import { ListTable } from '#components/data-table/ListTable'
import { useConsoleList } from '#components/data-table/useConsoleList'
import { useUrlFilters } from '#components/data-table/useListState'
import { buttonStyles } from '#components/ui/styles'
import type { PostDto } from '#db/dto'
import { type PostStatus, postStatuses } from '#db/schema-enums'
import type { Data } from './+data'
import { postColumns } from './columns'
import { STATUS_LABELS } from './status'

const newPost = (
  <a href="/dashboard/posts/new" className={buttonStyles.primary}>
    New post
  </a>
)

const FILTERS = ['status'] as const
const STATUS_OPTIONS = postStatuses.map((status) => ({ value: status, label: STATUS_LABELS[status] }))
/** The API orders posts itself (newest first): no column sorts. */
const NO_SORT: readonly string[] = []

/**
 * The posts (docs/decisions/100-posts.md): an administrator's are all of them, an officer's their
 * chapter's; a Status filter (?status=) and a search (title, summary, address) in the URL.
 */
export function Page() {
  const { user } = usePageContext()
  const { chapters } = useData<Data>()
  const isAdmin = user?.isAdmin ?? false
  const columns = useMemo(
    () =>
      postColumns({
        isAdmin,
        chapterNames: new Map(chapters.map((chapter) => [chapter.slug, chapter.name])),
      }),
    [isAdmin, chapters],
  )
  const [filters, setFilters] = useUrlFilters(FILTERS)
  // Only a known status reaches the API; anything else in the URL shows every post.
  const status = postStatuses.includes(filters.status as PostStatus) ? filters.status : ''
  const view = useConsoleList<PostDto, 'posts'>({
    sortFields: NO_SORT,
    columns,
    queryKey: ['posts', 'console'],
    path: '/api/posts',
    rowsKey: 'posts',
    filters: { status },
  })
  return (
    <>
      <PageHeader
        title="Posts"
        description={
          isAdmin
            ? 'The blog: write, schedule and publish posts; officers’ drafts submitted for review wait here.'
            : 'Your chapter’s posts: write a draft and submit it; an administrator publishes it.'
        }
        actions={newPost}
      />
      <ListTable
        {...view}
        label="Posts"
        noun="posts"
        searchLabel="Search posts"
        searchPlaceholder="Title, summary or address"
        emptyTitle="No Posts Found"
        emptyAction={newPost}
        actions={
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => setFilters({ status: next })}
          />
        }
      />
    </>
  )
}
