import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RevisionList } from '#components/console/RevisionList'
import { useRevisions } from '#components/console/useRevisions'
import { buttonStyles } from '#components/ui/styles'
import type { RevisionDto } from '#db/dto'
import { committeeKindInfo } from '#db/validation'
import { CommitteeStatus } from '../columns'
import type { CommitteeDto } from '../types'
import type { Data } from './+data'
import { CommitteeEditor } from './CommitteeEditor'

export function Page() {
  const initial = useData<Data>()
  const [committee, setCommittee] = useState(initial.committee)
  const { revisions, reload, restore } = useRevisions(
    initial.revisions,
    `/api/committees/${initial.committee._id}/revisions`,
  )
  // A new key after a restore: the editor starts again from the restored committee.
  const [version, setVersion] = useState(0)

  const saved = (next: CommitteeDto) => reload(() => setCommittee(next))
  const restoreRevision = (revision: RevisionDto) =>
    restore<{ committee: CommitteeDto }>(revision, async (answer) => {
      await saved(answer.committee)
      setVersion((value) => value + 1)
    })

  return (
    <>
      <PageHeader
        title="Edit Committee"
        description={
          <>
            {committeeKindInfo[committee.kind].title} {committee.year} ·{' '}
            <CommitteeStatus status={committee.status} />
          </>
        }
        back={{ href: '/dashboard/committees', label: 'Committees' }}
        actions={
          committee.status === 'published' ? (
            <a className={buttonStyles.secondary} href={committee.path}>
              View page {committee.path}
            </a>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-4">
        <FormCard>
          <CommitteeEditor key={version} committee={committee} onSaved={saved} />
        </FormCard>
        <div className="max-w-3xl">
          <RevisionList
            revisions={revisions}
            restoring={(revision) => (
              <p>
                The committee becomes what revision {revision.number} saved, its status too, and changes not
                saved here are lost. It is saved as a new revision: restoring the current one later undoes
                this.
              </p>
            )}
            onRestore={restoreRevision}
          />
        </div>
      </div>
    </>
  )
}
