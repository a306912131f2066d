import { Paragraphs } from '#components/layout/Paragraphs'
import { BulletCards } from '#components/ui/BulletCards'
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
        <BulletCards items={gsm.goals} surface="white" />
        <p className="mt-8">
          <ButtonLink href="/gsm-23">GSM Forum 2023 committee</ButtonLink>
        </p>
      </Section>
    </>
  )
}
