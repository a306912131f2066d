import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RecentChanges } from '#components/console/RecentChanges'
import { EventForm } from '../../EventForm'
import type { Data } from './+data'

export function Page() {
  const { event, hosts } = useData<Data>()
  return (
    <>
      <PageHeader title="Update Event" description={event.title} back={{ href: '/dashboard/events' }} />
      <FormCard>
        <EventForm key={event._id} event={event} hosts={hosts} />
      </FormCard>
      <RecentChanges itemId={event._id} />
    </>
  )
}
