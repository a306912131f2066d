import type { ReactNode } from 'react'
import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import { useSiteTexts } from '#components/layout/useSiteTexts'
import { CONFIRMATION } from '#components/shared/contact-answer'
import { plural } from '#components/shared/words'
import { Icon, type UiIconName } from '#components/ui/icons'
import { PageBanner } from '#components/ui/PageBanner'
import { Toaster } from '#components/ui/Toaster'
import { ContactConfirmation } from './ContactConfirmation'
import { ContactForm } from './ContactForm'

function ContactFact({ icon, label, children }: { icon: UiIconName; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <Icon name={icon} className="size-5 text-brand-700" />
        {label}
      </dt>
      <dd className="mt-1 pl-7 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * The contact page. After the form's plain POST (no scripts) the server renders it again with the answer:
 * the confirmation instead of the form, or the form with what was typed and the errors.
 */
export function Page() {
  const { contact } = useSiteTexts()
  // The page renders on the server only (its group's config), where the page context is the server's.
  const answer = (usePageContext() as PageContextServer).contactForm ?? null
  return (
    <>
      <PageBanner title="Contact Us" eyebrow="Get in touch">
        <p>Questions about membership, events or starting a student branch? Write to us.</p>
      </PageBanner>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
        <section
          aria-labelledby="contact-form"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form" className="text-2xl font-bold tracking-tight text-slate-900">
            Send us a message
          </h2>
          <p className="mt-2 text-slate-600">
            We usually answer within {plural(contact.replyWithinWorkingDays, 'working day')}.
          </p>
          <div className="mt-6">
            {answer?.kind === 'sent' ? (
              <ContactConfirmation name={answer.name} email={answer.email} />
            ) : (
              <>
                <ContactForm refused={answer ?? undefined} />
                {/* What the enhancer puts in the form's place once a message is sent. */}
                <template {...{ [CONFIRMATION.template]: '' }}>
                  <ContactConfirmation name="" email="" />
                </template>
              </>
            )}
          </div>
        </section>
        <section aria-labelledby="visit" className="min-w-0">
          <h2 id="visit" className="text-2xl font-bold tracking-tight text-slate-900">
            Visit Our Location
          </h2>
          <iframe
            src={contact.mapEmbedUrl}
            title={`Map of ${contact.address}`}
            loading="lazy"
            className="mt-6 aspect-[4/3] w-full rounded-2xl border border-slate-200 bg-slate-100"
          />
          <dl className="mt-6 grid gap-5 sm:grid-cols-2">
            <ContactFact icon="location" label="Address">
              {contact.address}
            </ContactFact>
            <ContactFact icon="clock" label="Hours">
              {contact.hours.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </ContactFact>
            <ContactFact icon="mail" label="Email">
              <a className="text-brand-800 hover:underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </ContactFact>
            <ContactFact icon="phone" label="Phone">
              <a
                className="text-brand-800 hover:underline"
                href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
              >
                {contact.phone}
              </a>
            </ContactFact>
          </dl>
        </section>
      </div>
      <Toaster />
    </>
  )
}
