import { ExcomPage } from '#components/people/CommitteePage'

export function Page() {
  return <ExcomPage year="23" />
}
