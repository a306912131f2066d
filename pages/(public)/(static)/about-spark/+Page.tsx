import { Paragraphs } from '#components/layout/Paragraphs'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
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
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-brand-800">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.description}</p>
            </li>
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
