import { FormCard, PageHeader } from '#components/console/PageHeader'
import { ChapterForm } from '../ChapterForm'

export function Page() {
  return (
    <>
      <PageHeader
        title="Add New Chapter"
        description="Creates the chapter's account; its officers sign in with this email and password."
        back={{ href: '/dashboard/chapters' }}
      />
      <FormCard>
        <ChapterForm />
      </FormCard>
    </>
  )
}
