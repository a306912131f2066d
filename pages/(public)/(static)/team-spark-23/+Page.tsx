import { CommitteePage } from '#components/people/CommitteePage'
import { spark } from '#content/spark'

export function Page() {
  return (
    <CommitteePage
      title="Team SPARK 2023"
      eyebrow="SPARK"
      intro={
        <p>
          The chapter’s youth team in 2023.{' '}
          <a className="underline" href="/about-spark">
            About SPARK
          </a>
        </p>
      }
      groups={[
        { id: 'chief', title: 'Chief', people: [spark.team23.chief], featured: true },
        { id: 'coordinators', title: 'Coordinators', people: spark.team23.coordinators },
        { id: 'volunteers', title: 'Volunteers', people: spark.team23.volunteers },
      ]}
    />
  )
}
