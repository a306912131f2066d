import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '../../../../../components/console/PageHeader'
import { ChapterForm } from '../../chapters/ChapterForm'
import type { Data } from './+data'

export function Page() {
  const { chapter } = useData<Data>()
  return (
    <>
      <PageHeader
        title="Edit Chapter"
        description={`${chapter.name} · ${chapter.eventCount} events · ${chapter.memberCount} members`}
        back={{ href: '/dashboard/chapters' }}
      />
      <FormCard>
        <ChapterForm key={chapter._id} chapter={chapter} />
      </FormCard>
    </>
  )
}
