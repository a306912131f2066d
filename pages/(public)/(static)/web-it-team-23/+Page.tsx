import { CommitteePage } from '#components/people/CommitteePage'
import { webItTeam23 } from '#content/committees'

export function Page() {
  return (
    <CommitteePage
      title="Web and IT Committee 2023"
      eyebrow="Committees"
      intro={<p>The team that builds and runs the chapter’s website and online services.</p>}
      groups={[
        { id: 'advisors', title: 'Advisors', people: webItTeam23.advisors },
        { id: 'president', title: 'President', people: [webItTeam23.president], featured: true },
        { id: 'members', title: 'Members', people: webItTeam23.members },
      ]}
    />
  )
}
