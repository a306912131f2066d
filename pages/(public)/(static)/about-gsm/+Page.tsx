import { Paragraphs } from '#components/layout/Paragraphs'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { gsm } from '#content/gsm'

export function Page() {
  return (
    <>
      <PageBanner title="Graduate Student Member Forum" eyebrow="GSM Forum" />
      <Section id="gsm-about" title="About the forum">
        <Paragraphs paragraphs={gsm.about} />
      </Section>
      <Section id="gsm-goals" title="Our goals" tinted>
        <ul className="grid gap-3 sm:grid-cols-2">
          {gsm.goals.map((goal) => (
            <li
              key={goal}
              className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-800"
            >
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-400" />
              {goal}
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ButtonLink href="/gsm-23">GSM Forum 2023 committee</ButtonLink>
        </p>
      </Section>
    </>
  )
}
