import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { EventForm } from '../events/EventForm'
import type { Data } from './+data'

export function Page() {
  const { user } = usePageContext()
  const { hosts } = useData<Data>()
  return (
    <>
      <PageHeader title="Add New Event" back={{ href: '/dashboard/events' }} />
      <FormCard>
        {/* An officer's events are hosted by their chapter; an administrator's by the branch until they pick one. */}
        <EventForm defaultHost={hosts ? hosts.branchName : (user?.name ?? '')} hosts={hosts} />
      </FormCard>
    </>
  )
}
