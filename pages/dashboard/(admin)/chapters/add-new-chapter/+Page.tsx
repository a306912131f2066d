import { FormCard, PageHeader } from '#components/console/PageHeader'
import { ChapterForm } from '../ChapterForm'

export function Page() {
  return (
    <>
      <PageHeader
        title="Add New Chapter"
        description="Creates the chapter and invites its first officer by email."
        back={{ href: '/dashboard/chapters' }}
      />
      <FormCard>
        <ChapterForm />
      </FormCard>
    </>
  )
}
