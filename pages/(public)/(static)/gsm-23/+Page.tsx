import { CommitteePage } from '#components/people/CommitteePage'
import { gsm } from '#content/gsm'

export function Page() {
  return (
    <CommitteePage
      title="GSM Forum 2023"
      eyebrow="Graduate Student Member Forum"
      intro={
        <p>
          The 2023 committee of the Graduate Student Member Forum.{' '}
          <a className="underline" href="/about-gsm">
            About the forum
          </a>
        </p>
      }
      groups={[
        { id: 'advisors', title: 'Advisors', people: gsm.advisors },
        { id: 'founders', title: 'Founders', people: gsm.founders },
        { id: 'president', title: 'President', people: [gsm.president], featured: true },
        { id: 'members', title: 'Members', people: gsm.members },
      ]}
    />
  )
}
