import { useData } from 'vike-react/useData'
import { FormCard, PageHeader } from '#components/console/PageHeader'
import { PeoplePanel } from '#components/console/people/PeoplePanel'
import { RecentChanges } from '#components/console/RecentChanges'
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
      <section aria-labelledby="chapter-officers" className="mt-8">
        <h2 id="chapter-officers" className="mb-3 text-lg font-semibold text-slate-900">
          Officers
        </h2>
        <PeoplePanel key={chapter.slug} chapterSlug={chapter.slug} noun="officer" canMakeResetLinks />
      </section>
      <RecentChanges itemId={chapter._id} />
    </>
  )
}
