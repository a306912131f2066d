import { useSiteTexts } from '#components/layout/useSiteTexts'
import { BulletCards } from '#components/ui/BulletCards'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import { TextCard } from '#components/ui/TextCard'
import { site } from '#content/site'

export function Page() {
  const { about } = useSiteTexts()
  return (
    <>
      <PageBanner title="About Us" eyebrow={site.chapterName}>
        <p>{site.tagline}</p>
      </PageBanner>
      <Section id="about-who" title="Who we are">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            {about.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Picture
            image={about.image.image}
            alt={about.image.alt}
            eager
            className="h-auto w-full rounded-2xl shadow-md"
          />
        </div>
      </Section>
      <Section id="about-purpose" title="Mission and vision" tinted>
        <div className="grid gap-6 md:grid-cols-2">
          <TextCard title="Our mission">{about.mission}</TextCard>
          <TextCard title="Our vision">{about.vision}</TextCard>
        </div>
      </Section>
      <Section id="about-activities" title="What we do">
        <BulletCards items={about.activities} surface="brand" />
        <p className="mt-10 flex flex-wrap gap-4">
          <ButtonLink href="/membership">Membership Benefits</ButtonLink>
          <ButtonLink href="/contact" variant="outline">
            Contact Us
          </ButtonLink>
        </p>
      </Section>
    </>
  )
}
