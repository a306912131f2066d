import { BenefitGrid } from '#components/home/BenefitGrid'
import { useSiteTexts } from '#components/layout/useSiteTexts'
import { ButtonLink, PageBanner, Section } from '#components/ui/PageBanner'
import { site } from '#content/site'

export function Page() {
  const { home, membership } = useSiteTexts()
  return (
    <>
      <PageBanner title="Membership Benefits" eyebrow="Membership">
        <p>
          Join more than {home.memberCount} members of the {site.societyName}: students, researchers and
          professionals who learn, build and lead together.
        </p>
      </PageBanner>
      <Section id="benefits" title="Why become a member">
        <BenefitGrid benefits={membership.benefits} />
      </Section>
      <section aria-labelledby="join" className="mx-auto max-w-7xl px-4 pb-4 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-brand-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="join" className="text-2xl font-bold">
              Ready to join?
            </h2>
            <p className="mt-2 text-brand-100">Membership opens every benefit above, from your first day.</p>
          </div>
          <ButtonLink href={site.links.join} variant="accent" external>
            JOIN NOW
          </ButtonLink>
        </div>
      </section>
    </>
  )
}
