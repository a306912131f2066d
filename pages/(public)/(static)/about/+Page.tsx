import { useSiteTexts } from '#components/layout/useSiteTexts'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
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
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-brand-800">Our mission</h3>
            <p className="mt-2 text-slate-700">{about.mission}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-brand-800">Our vision</h3>
            <p className="mt-2 text-slate-700">{about.vision}</p>
          </div>
        </div>
      </Section>
      <Section id="about-activities" title="What we do">
        <ul className="grid gap-3 sm:grid-cols-2">
          {about.activities.map((activity) => (
            <li key={activity} className="flex gap-3 rounded-lg bg-brand-50 p-4 text-slate-800">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-400" />
              {activity}
            </li>
          ))}
        </ul>
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
