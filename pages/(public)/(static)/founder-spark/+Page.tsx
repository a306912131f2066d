import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'
import { spark } from '#content/spark'

export function Page() {
  const { founder } = spark
  return (
    <>
      <PageBanner title="Founder of SPARK" eyebrow="SPARK" />
      <Section id="founder" title={founder.name}>
        <div className="grid gap-10 md:grid-cols-[16rem_1fr]">
          <div>
            <Picture
              image={founder.image}
              alt={founder.name}
              eager
              className="h-auto w-full max-w-64 rounded-2xl shadow-md"
            />
            <p className="mt-4 font-semibold text-brand-800">{founder.role}</p>
          </div>
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            {founder.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <blockquote className="border-l-4 border-amber-400 pl-4 text-xl text-slate-900 italic">
              “{founder.quote}”
            </blockquote>
            <p className="pt-4">
              <ButtonLink href="/about-spark">About SPARK</ButtonLink>
            </p>
          </div>
        </div>
      </Section>
    </>
  )
}
