import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { PostEditor } from '../PostEditor'
import type { Data } from './+data'

/** A new post; once saved, the editor goes on at the post's own address (with its preview and revisions). */
export function Page() {
  const { chapters, bundledBanners } = useData<Data>()
  return (
    <>
      <PageHeader title="New post" back={{ href: '/dashboard/posts', label: 'Posts' }} />
      <FormCard>
        <PostEditor
          chapters={chapters}
          bundledBanners={bundledBanners}
          onSaved={(post) =>
            navigate(`/dashboard/posts/edit/${post._id}`, { overwriteLastHistoryEntry: true })
          }
        />
      </FormCard>
    </>
  )
}
