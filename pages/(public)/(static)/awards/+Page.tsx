import { useSiteTexts } from '#components/layout/useSiteTexts'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { Picture } from '#components/ui/Picture'

export function Page() {
  const { awards } = useSiteTexts()
  return (
    <>
      <PageBanner title="Awards" eyebrow="Recognition">
        <p>Every year the chapter honours members and volunteers for outstanding work.</p>
      </PageBanner>
      <Section id="awards" title={`Award ${awards.year}`}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {awards.cards.map((card) => (
            <li
              key={card.name}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white text-center shadow-sm"
            >
              <div className="bg-gradient-to-br from-brand-800 to-brand-600 p-6">
                <Picture
                  image={card.photo}
                  alt={card.name}
                  className="mx-auto size-32 rounded-full object-cover ring-4 ring-amber-300"
                />
              </div>
              <div className="p-6">
                <h3 className="text-lg font-semibold text-slate-900">{card.name}</h3>
                <p className="mt-1 font-medium text-brand-700">{card.awardTitle}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
