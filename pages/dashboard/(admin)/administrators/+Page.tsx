import { PageHeader } from '#components/console/PageHeader'
import { PeoplePanel } from '#components/console/people/PeoplePanel'

export function Page() {
  return (
    <>
      <PageHeader title="Administrators" description="Everyone who manages the whole site." />
      <PeoplePanel noun="administrator" canMakeResetLinks />
    </>
  )
}
