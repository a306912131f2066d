import { useState } from 'react'
import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import type { NotificationSettingsView } from '#db/dto'
import type { Data } from './+data'
import { NotificationsForm } from './NotificationsForm'
import { OutboxStatus } from './OutboxStatus'

export function Page() {
  const initial = useData<Data>()
  const [view, setView] = useState<NotificationSettingsView>(initial)
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Each new message from the contact form is emailed to every administrator and to the addresses below."
      />
      <div className="grid gap-4">
        <FormCard>
          <NotificationsForm initial={initial.notifications.extraRecipients} onSaved={setView} />
        </FormCard>
        <OutboxStatus view={view} onRefreshed={setView} />
      </div>
    </>
  )
}
