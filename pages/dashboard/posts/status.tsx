import { LocalTime } from '#components/ui/LocalTime'
import type { PostDto } from '#db/dto'
import type { PostStatus } from '#db/schema-enums'

/** Each status as the console names it. */
export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
}

const BADGES: Record<PostStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
}

/** A post's status as a badge, with its time: when a scheduled post goes out, when a draft was submitted. */
export function PostStatusBadge({
  post,
}: {
  post: Pick<PostDto, 'status' | 'publishAt' | 'publishedAt' | 'submittedAt'>
}) {
  const when =
    post.status === 'scheduled' && post.publishAt ? (
      <>
        for <LocalTime at={post.publishAt} style="numeric" />
      </>
    ) : post.status === 'published' && post.publishedAt ? (
      <LocalTime at={post.publishedAt} style="numeric" />
    ) : post.status === 'draft' && post.submittedAt ? (
      <>
        Submitted for review <LocalTime at={post.submittedAt} style="numeric" />
      </>
    ) : null
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGES[post.status]}`}>
        {STATUS_LABELS[post.status]}
      </span>
      {when ? <span className="text-xs tabular-nums text-slate-700">{when}</span> : null}
    </span>
  )
}
