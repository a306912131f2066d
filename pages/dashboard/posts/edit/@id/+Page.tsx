import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RevisionList } from '#components/console/RevisionList'
import { useRevisions } from '#components/console/useRevisions'
import { buttonStyles } from '#components/ui/styles'
import type { PostDto, RevisionDto } from '#db/dto'
import { PostEditor } from '../../PostEditor'
import type { Data } from './+data'

/**
 * A post's editor, a link to it on the site (its preview while a draft), and its revisions: a restore
 * saves the revision's content again; the status stays as it is (docs/decisions/100-posts.md).
 */
export function Page() {
  const initial = useData<Data>()
  const [post, setPost] = useState<PostDto>(initial.post)
  const { revisions, reload, restore } = useRevisions(
    initial.revisions,
    `/api/posts/${initial.post._id}/revisions`,
  )

  const saved = (next: PostDto) => reload(() => setPost(next))
  const restoreRevision = (revision: RevisionDto) =>
    restore<{ post: PostDto }>(revision, (answer) => saved(answer.post))

  return (
    <>
      <PageHeader
        title="Edit post"
        description={post.title}
        back={{ href: '/dashboard/posts', label: 'Posts' }}
        actions={
          <a className={buttonStyles.secondary} href={post.path}>
            {post.status === 'published' ? 'View on site' : 'Preview'}
          </a>
        }
      />
      <div className="grid gap-4">
        <FormCard>
          {/* A new key after each save or restore: the form starts again from the post as saved. */}
          <PostEditor
            key={post.updatedAt}
            post={post}
            chapters={initial.chapters}
            bundledBanners={initial.bundledBanners}
            onSaved={saved}
          />
        </FormCard>
        <div className="max-w-3xl">
          <RevisionList
            revisions={revisions}
            restoring={(revision) => (
              <p>
                The post takes the title, address, summary, body, banner and chapter of revision{' '}
                {revision.number} again, saved as a new revision; its status stays as it is
                {post.status === 'published' ? ', so the site shows it at once' : ''}.
              </p>
            )}
            onRestore={restoreRevision}
          />
        </div>
      </div>
    </>
  )
}
