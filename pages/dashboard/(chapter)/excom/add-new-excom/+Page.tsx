import { navigate } from 'vike/client/router'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { ExcomForm } from '../ExcomForm'

export function Page() {
  return (
    <>
      <PageHeader title="Add New Excom" back={{ href: '/dashboard/excom' }} />
      <FormCard>
        <ExcomForm onSaved={() => navigate('/dashboard/excom')} />
      </FormCard>
    </>
  )
}
