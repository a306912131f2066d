import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RecentChanges } from '#components/console/RecentChanges'
import { ExcomForm } from '../../ExcomForm'
import type { Data } from './+data'

export function Page() {
  const { member } = useData<Data>()
  return (
    <>
      <PageHeader title="Edit Member" description={member.name} back={{ href: '/dashboard/excom' }} />
      <FormCard>
        <ExcomForm key={member._id} member={member} onSaved={() => navigate('/dashboard/excom')} />
      </FormCard>
      <RecentChanges itemId={member._id} />
    </>
  )
}
