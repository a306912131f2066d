import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { RecentChanges } from '#components/console/RecentChanges'
import { buttonStyles } from '#components/ui/styles'
import type { Data } from './+data'
import { SettingsForm } from './SettingsForm'

export function Page() {
  const { info, slug } = useData<Data>()
  return (
    <>
      <PageHeader
        title="Settings"
        description="What your chapter page shows: logo, description, links and the About section."
        actions={
          <a href={`/chapter/${slug}`} className={buttonStyles.secondary}>
            View chapter page
          </a>
        }
      />
      <FormCard>
        <SettingsForm initial={info} />
      </FormCard>
      {info ? <RecentChanges itemId={info._id} /> : null}
    </>
  )
}
