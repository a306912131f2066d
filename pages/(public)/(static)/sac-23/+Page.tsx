import { CommitteePage } from '#components/people/CommitteePage'
import { sac23 } from '#content/committees'

export function Page() {
  return (
    <CommitteePage
      title="Student Activity Committee 2023"
      eyebrow="Committees"
      intro={
        <p>The committee that plans contests, workshops and outreach together with the student branches.</p>
      }
      groups={[
        { id: 'chair', title: 'Chair', people: [sac23.chair], featured: true },
        { id: 'members', title: 'Members', people: sac23.members },
      ]}
    />
  )
}
