import { createColumnHelper } from '@tanstack/react-table'
import { DataTableRowActions } from '#components/data-table/DataTableRowActions'
import { actionsColumn, RowOpenLink } from '#components/data-table/RowParts'
import type { ServerTableFeatures } from '#components/data-table/serverTable'
import { LocalTime } from '#components/ui/LocalTime'
import { buttonStyles } from '#components/ui/styles'
import type { PostDto } from '#db/dto'
import { PostStatusBadge } from './status'

/**
 * Whether the caller may change the post: an administrator any, an officer their chapter's drafts (the
 * rule `edit:post` of server/policy/rules.server.ts, which the API applies; an officer's list holds only
 * their chapter's posts).
 */
export const canEditPost = (post: Pick<PostDto, 'status'>, isAdmin: boolean) =>
  isAdmin || post.status === 'draft'

/** Whether the caller can open the post's page: published, or a draft they may change (its preview). */
const canOpen = (post: PostDto, isAdmin: boolean) => post.status === 'published' || canEditPost(post, isAdmin)

/** 'View on site' for a published post, 'Preview' before (the draft at its address, signed in). */
function OpenLink({ post }: { post: PostDto }) {
  const label = post.status === 'published' ? 'View' : 'Preview'
  return (
    <a
      href={post.path}
      className={buttonStyles.rowAction}
      data-row-action="view"
      aria-label={`${label} ${post.title} on the site`}
    >
      {label}
    </a>
  )
}

/** Edit, View (or Preview) and Delete for a post the caller may change; View only for the others. */
function PostActions({ post, isAdmin }: { post: PostDto; isAdmin: boolean }) {
  if (!canEditPost(post, isAdmin))
    return (
      <div className="flex justify-end gap-1.5">
        {canOpen(post, isAdmin) ? <OpenLink post={post} /> : null}
      </div>
    )
  return (
    <DataTableRowActions
      name={post.title}
      editHref={`/dashboard/posts/edit/${post._id}`}
      more={<OpenLink post={post} />}
      remove={{
        path: `/api/posts/${post._id}`,
        success: 'Post deleted',
        invalidate: ['posts'],
        title: 'Delete this post?',
        description: (
          <p>
            <strong className="font-semibold text-slate-900">{post.title}</strong> will be moved to the Trash
            for 30 days with its revisions
            {post.status === 'published' ? ', and it disappears from the blog at once' : ''}.
          </p>
        ),
      }}
    />
  )
}

const helper = createColumnHelper<ServerTableFeatures, PostDto>()

/**
 * The columns of /dashboard/posts, in the API's order (newest first): none sorts. An administrator's have
 * the Chapter ('The branch' for the region's own posts); an officer's posts are all their chapter's.
 */
export function postColumns({
  isAdmin,
  chapterNames,
}: {
  isAdmin: boolean
  chapterNames: Map<string, string>
}) {
  const columns = helper.columns([
    helper.accessor('title', {
      header: 'Title',
      enableSorting: false,
      meta: { className: 'min-w-48', card: 'title' },
      cell: (info) =>
        canEditPost(info.row.original, isAdmin) ? (
          <RowOpenLink href={`/dashboard/posts/edit/${info.row.original._id}`}>{info.getValue()}</RowOpenLink>
        ) : (
          <span className="font-medium text-slate-900">{info.getValue()}</span>
        ),
    }),
    helper.accessor('status', {
      header: 'Status',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap' },
      cell: (info) => <PostStatusBadge post={info.row.original} />,
    }),
    helper.accessor('author', { header: 'Author', enableSorting: false, meta: { className: 'min-w-32' } }),
    helper.accessor('chapterSlug', {
      id: 'chapter',
      header: 'Chapter',
      enableSorting: false,
      meta: { className: 'min-w-36' },
      cell: (info) => {
        const slug = info.getValue()
        return slug ? (chapterNames.get(slug) ?? slug) : <span className="text-slate-600">The branch</span>
      },
    }),
    helper.accessor('updatedAt', {
      header: 'Updated',
      enableSorting: false,
      meta: { className: 'whitespace-nowrap tabular-nums' },
      cell: (info) => <LocalTime at={info.getValue()} style="numeric" />,
    }),
    actionsColumn((post: PostDto) => <PostActions post={post} isAdmin={isAdmin} />),
  ])
  return isAdmin ? columns : columns.filter((column) => column.id !== 'chapter')
}
