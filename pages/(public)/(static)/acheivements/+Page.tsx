import { useSiteTexts } from '#components/layout/useSiteTexts'
import { formatDate } from '#components/shared/dates'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'

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
              <article className="grid gap-6 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid-cols-[2fr_3fr]">
                <Picture
                  image={item.image}
                  alt=""
                  eager={index === 0}
                  className="h-full w-full object-cover"
                />
                <div className="p-6 md:pl-0">
                  <p className="text-sm text-slate-600">
                    <time dateTime={item.date}>{formatDate(item.date)}</time>
                  </p>
                  <h3 className="mt-2 text-xl font-semibold text-slate-900">{item.title}</h3>
                  <div className="mt-3 space-y-3 text-slate-700">
                    {item.body.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
