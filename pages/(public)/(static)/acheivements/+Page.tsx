import { useSiteTexts } from '#components/layout/useSiteTexts'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { DatedCard } from '../DatedCard'

export function Page() {
  const { achievements } = useSiteTexts()
  return (
    <>
      <PageBanner title="Achievements" eyebrow="News">
        <p>Our members’ awards, scholarships and new roles.</p>
      </PageBanner>
      <Section id="news" title="Latest news">
        <ul className="space-y-10">
          {achievements.map((item, index) => (
            <li key={item.title}>
              <DatedCard
                image={item.image}
                eager={index === 0}
                date={item.date}
                title={item.title}
                classes={{
                  article:
                    'grid gap-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid-cols-[2fr_3fr]',
                  image: 'h-full w-full object-cover',
                  body: 'p-6 md:pl-0',
                  title: 'mt-2 text-xl font-semibold text-slate-900',
                }}
              >
                <div className="mt-3 space-y-3 text-slate-700">
                  {item.body.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </DatedCard>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
