import { useSiteTexts } from '#components/layout/useSiteTexts'
import { CONFIRMATION } from '#components/shared/contact-answer'
import { plural } from '#components/shared/words'
import { Icon } from '#components/ui/icons'

/**
 * What replaces the form once a message is sent, and stays: who we will answer, where and how soon. The
 * server renders it after a plain POST; for the enhancer it renders an empty copy in a <template>, which the
 * enhancer fills with the sender's name and address (CONFIRMATION names the parts both use).
 */
export function ContactConfirmation({ name, email }: { name: string; email: string }) {
  const { contact } = useSiteTexts()
  return (
    <section
      {...{ [CONFIRMATION.root]: '' }}
      tabIndex={-1}
      aria-labelledby="contact-confirmation-title"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      <h3 id="contact-confirmation-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="mail" className="size-6 text-emerald-700" />
        Message sent successfully
      </h3>
      <p className="mt-3">
        Thank you, <span {...{ [CONFIRMATION.name]: '' }}>{name}</span>. We read every message and reply to{' '}
        <strong {...{ [CONFIRMATION.email]: '' }} className="font-semibold break-all">
          {email}
        </strong>{' '}
        within {plural(contact.replyWithinWorkingDays, 'working day')}.
      </p>
      <p className="mt-2 text-sm text-emerald-900">
        No answer by then? Look in your spam folder, or write to{' '}
        <a className="font-semibold underline" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
        .
      </p>
      <p className="mt-4">
        <a
          {...{ [CONFIRMATION.again]: '' }}
          href="/contact"
          className="inline-flex items-center rounded-md border border-emerald-300 bg-white px-4 py-2 text-sm font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          Write another message
        </a>
      </p>
    </section>
  )
}
