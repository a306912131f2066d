import { Icon } from '#components/ui/icons'
import { PageBanner, Section } from '#components/ui/PageBanner'
import { site } from '#content/site'

export function Page() {
  return (
    <>
      <PageBanner title="Application" eyebrow="Technical co-sponsorship">
        <p>
          Organising a conference or a technical event? Apply for the chapter’s technical co-sponsorship with
          the form below.
        </p>
      </PageBanner>
      <Section
        id="application-form"
        title="Application for technical co-sponsorship"
        intro={
          <p>
            If the form does not load,{' '}
            <a
              className="inline-flex items-center gap-1 text-brand-800 underline"
              href={site.links.technicalCosponsorshipForm}
              target="_blank"
              rel="noopener"
            >
              open it in a new tab <Icon name="external" className="size-4" />
            </a>
            .
          </p>
        }
      >
        <iframe
          src={site.links.technicalCosponsorshipForm}
          title="Technical co-sponsorship application form"
          loading="lazy"
          className="h-[60rem] w-full rounded-xl border border-slate-200 bg-slate-50"
        />
      </Section>
    </>
  )
}
