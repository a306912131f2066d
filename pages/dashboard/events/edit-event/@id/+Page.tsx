import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RecentChanges } from '#components/console/RecentChanges'
import { buttonStyles } from '#components/ui/styles'
import { EventForm } from '../../EventForm'
import type { Data } from './+data'

export function Page() {
  const { event, hosts } = useData<Data>()
  return (
    <>
      <PageHeader
        title="Update Event"
        description={event.title}
        back={{ href: '/dashboard/events' }}
        actions={
          event.registration.enabled ? (
            <a className={buttonStyles.secondary} href={`/dashboard/events/${event._id}/attendees`}>
              Attendees
            </a>
          ) : null
        }
      />
      <FormCard>
        <EventForm key={event._id} event={event} hosts={hosts} />
      </FormCard>
      <RecentChanges itemId={event._id} />
    </>
  )
}
