import { CommitteePage } from '#components/people/CommitteePage'
import { secretariat23 } from '#content/committees'

const slug = (name: string) => `team-${name.toLowerCase().replace(/\W+/g, '-')}`

export function Page() {
  return (
    <CommitteePage
      title="Secretariat 2023"
      eyebrow="Committees"
      intro={
        <p>
          The secretariat runs the chapter’s day-to-day work: communication, content, research, design and
          events.
        </p>
      }
      groups={[
        { id: 'mentor', title: 'Mentor', people: [secretariat23.mentor], featured: true },
        { id: 'president', title: 'President', people: [secretariat23.president], featured: true },
        { id: 'vice-presidents', title: 'Vice Presidents', people: secretariat23.vicePresidents },
        ...secretariat23.teams.map((team) => ({
          id: slug(team.name),
          title: team.name,
          people: team.members,
        })),
      ]}
    />
  )
}
