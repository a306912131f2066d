import { PageHeader } from '#components/console/PageHeader'
import { PeoplePanel } from '#components/console/people/PeoplePanel'

export function Page() {
  return (
    <>
      <PageHeader
        title="Officers"
        description="Everyone who signs in for your chapter, each with their own email and password."
      />
      <PeoplePanel noun="officer" />
    </>
  )
}
