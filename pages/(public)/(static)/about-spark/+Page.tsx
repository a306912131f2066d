import { Paragraphs } from '#components/layout/Paragraphs'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { TextCard } from '#components/ui/TextCard'
import { spark } from '#content/spark'

export function Page() {
  const { about } = spark
  return (
    <>
      <PageBanner title="About SPARK" eyebrow="Youth team">
        <p>{about.intro[0]}</p>
      </PageBanner>
      <Section id="spark-who" title="Who we are">
        <Paragraphs paragraphs={about.intro.slice(1)} />
      </Section>
      <Section id="spark-features" title="What SPARK offers" tinted>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {about.features.map((feature) => (
            <TextCard key={feature.title} as="li" title={feature.title}>
              {feature.description}
            </TextCard>
          ))}
        </ul>
      </Section>
      <Section id="spark-team-management" title="Team management">
        <Paragraphs paragraphs={about.teamManagement} />
        <p className="mt-8 flex flex-wrap gap-4">
          <ButtonLink href="/team-spark-23">Team SPARK 2023</ButtonLink>
          <ButtonLink href="/founder-spark" variant="outline">
            Founder of SPARK
          </ButtonLink>
        </p>
      </Section>
    </>
  )
}
