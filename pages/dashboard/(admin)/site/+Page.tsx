import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { api } from '#components/console/api'
import { notify } from '#components/console/notify'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RevisionList } from '#components/console/RevisionList'
import type { SiteTexts } from '#content/schema'
import type { Data } from './+data'
import { ContactForm } from './ContactForm'

type Revision = Data['revisions'][number]
type Saved = { site: SiteTexts; revision: number }

export function Page() {
  const initial = useData<Data>()
  const [texts, setTexts] = useState(initial.texts)
  const [revisions, setRevisions] = useState<Revision[]>(initial.revisions)
  // A new key after a restore: the form starts again from the restored texts.
  const [version, setVersion] = useState(0)

  const reloadRevisions = async () =>
    setRevisions((await api<{ revisions: Revision[] }>('/api/site/revisions')).revisions)
  const saved = async (answer: Saved) => {
    setTexts(answer.site)
    await reloadRevisions()
  }
  const restore = async (revision: Revision) => {
    try {
      const answer = await api<Saved>(`/api/site/revisions/${revision.id}/restore`, { method: 'POST' })
      await saved(answer)
      setVersion((value) => value + 1)
      notify.success(`Revision ${revision.number} restored`)
    } catch (failure) {
      notify.error(failure instanceof Error ? failure.message : 'Could not restore the revision')
    }
  }

  return (
    <>
      <PageHeader
        title="Site"
        description="The texts of the public pages. A save shows on the site at once and keeps a revision."
      />
      <div className="grid gap-4">
        <FormCard>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Contact details</h2>
          <ContactForm key={version} texts={texts} onSaved={saved} />
        </FormCard>
        <RevisionList
          revisions={revisions}
          consequence={(revision) => (
            <p>
              The site shows the texts of revision {revision.number} at once. They are saved as a new
              revision: restoring the current one later undoes this.
            </p>
          )}
          onRestore={restore}
        />
      </div>
    </>
  )
}
