import { useSiteTexts } from '#components/layout/useSiteTexts'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { DatedCardList } from '../DatedCardList'

export function Page() {
  const { achievements } = useSiteTexts()
  return (
    <>
      <PageBanner title="Achievements" eyebrow="News">
        <p>Our members’ awards, scholarships and new roles.</p>
      </PageBanner>
      <Section id="news" title="Latest news">
        <DatedCardList layout="rows" items={achievements} picture={(item) => item.image}>
          {(item) => (
            <div className="mt-3 space-y-3 text-slate-700">
              {item.body.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          )}
        </DatedCardList>
      </Section>
    </>
  )
}
