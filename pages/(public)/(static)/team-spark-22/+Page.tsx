import { CommitteePage } from '#components/people/CommitteePage'
import { spark } from '#content/spark'

/** Static list: the first entry is the chair, the rest the committee (docs/product.md#public-routes). */
export function Page() {
  const [chair, ...committee] = spark.team22
  return (
    <CommitteePage
      title="Team SPARK 2022"
      eyebrow="SPARK"
      groups={[
        { id: 'chair', title: 'Chair', people: chair ? [chair] : [], featured: true },
        { id: 'committee', title: 'Committee', people: committee },
      ]}
    />
  )
}
