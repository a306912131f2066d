import { usePageContext } from 'vike-react/usePageContext'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { EventForm } from '../events/EventForm'

export function Page() {
  const { user } = usePageContext()
  return (
    <>
      <PageHeader title="Add New Event" back={{ href: '/dashboard/events' }} />
      <FormCard>
        <EventForm defaultHost={user?.name ?? ''} />
      </FormCard>
    </>
  )
}
