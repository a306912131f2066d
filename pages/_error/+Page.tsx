import { usePageContext } from 'vike-react/usePageContext'
import { PublicLayout } from '#components/layout/PublicLayout'
import { NO_ACCESS } from '../dashboard/no-access'
import { DOOR_LINK_ENDED, doorLinkEnded } from './door-link'

/**
 * 404 page, 403 page (docs/decisions/014-console-guards.md: the reason the guard gave, its NO_ACCESS when none) and the error
 * page. Error details never reach the browser: the message shown for a 500 is fixed (docs/decisions/008-api-errors.md).
 */
export function Page() {
  const pageContext = usePageContext()
  const { is404, abortStatusCode, urlPathname } = pageContext
  const status = is404 ? 404 : (abortStatusCode ?? 500)

  const doorLink = doorLinkEnded(pageContext.abortReason)
  const reason = typeof pageContext.abortReason === 'string' ? pageContext.abortReason : null
  let content: React.ReactNode
  if (status === 403 && doorLink) {
    content = (
      <ErrorContent status={status} title={DOOR_LINK_ENDED[doorLink]}>
        This phone can no longer check people in with it. Ask an officer for a new door link.
      </ErrorContent>
    )
  } else if (status === 404) {
    content = (
      <ErrorContent status={status} title="Page not found" link={{ href: '/', label: 'Go back home' }}>
        Sorry, we couldn't find the page you're looking for.
      </ErrorContent>
    )
  } else if (status === 403) {
    content = (
      <ErrorContent
        status={status}
        title={reason ?? NO_ACCESS}
        link={{ href: '/dashboard', label: 'Back to the dashboard' }}
      >
        This page belongs to another kind of account.
      </ErrorContent>
    )
  } else {
    content = (
      <ErrorContent
        status={status}
        failed
        title="Unexpected Application Error!"
        link={{ href: '/', label: 'Go back home' }}
      >
        {reason ?? 'Something went wrong while loading this page. Please try again in a moment.'}
      </ErrorContent>
    )
  }

  return (
    <PublicLayout pathname={urlPathname}>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">{content}</section>
    </PublicLayout>
  )
}

/** What the error page says: the status (red when the site failed), a title, a sentence, a way on. */
function ErrorContent({
  status,
  failed = false,
  title,
  link,
  children,
}: {
  status: number
  failed?: boolean
  title: string
  link?: { href: string; label: string }
  children: React.ReactNode
}) {
  return (
    <>
      <p className={`text-sm font-semibold ${failed ? 'text-red-700' : 'text-brand-700'}`}>{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600">{children}</p>
      {link ? (
        <p className="mt-8">
          <a
            href={link.href}
            className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {link.label}
          </a>
        </p>
      ) : null}
    </>
  )
}
